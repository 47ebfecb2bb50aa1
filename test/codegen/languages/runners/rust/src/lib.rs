//! The generated models as a library, so that the round-trip binary uses them as a client would.
pub mod models;
