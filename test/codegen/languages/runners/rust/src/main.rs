// Round trip of the conformance history vectors through the generated Rust models: for each vector,
// one JSON line on stdout with the document as written back, or the error that rejected it.
use round_trip::models::History;
use serde_json::{json, Value};
use std::{env, fs, path::Path};

fn main() {
    let directory = env::args().nth(1).expect("the vector directory");
    for group in ["valid", "invalid"] {
        let mut names: Vec<String> = fs::read_dir(Path::new(&directory).join(group))
            .expect("a vector group")
            .map(|entry| entry.expect("a directory entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let text = fs::read_to_string(Path::new(&directory).join(group).join(&name)).expect("a vector file");
            let vector: Value = serde_json::from_str(&text).expect("a JSON vector");
            let document = serde_json::to_string(&vector["document"]).expect("the document");
            let line = match serde_json::from_str::<History>(&document) {
                Ok(history) => json!({ "vector": format!("{}/{}", group, name), "output": history }),
                Err(error) => json!({ "vector": format!("{}/{}", group, name), "error": error.to_string() }),
            };
            println!("{}", line);
        }
    }
}
