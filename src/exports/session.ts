// `partwise/session`: the session service, compaction, the event kinds and the in-memory store, plus
// opening a store from a URL (the SQL stores and their Node drivers are imported only when a URL names one).
export { ALWAYS, CompositeTrigger, DEFAULT_SUMMARY_PROMPT, LastTurnsStrategy, SlidingWindowStrategy, SummarizingStrategy, TokenCountTrigger, TurnCountTrigger, type CompactionStrategy, type CompactionTrigger, type CompactionView, type Summarizer, type SummaryContent, type SummaryRequest } from "../session/compaction.js";
export { EVENT_METADATA, isCompactionEvent, isMessageEvent, isSynthetic, type NewSessionEvent } from "../session/event-kinds.js";
export type { EventRow, SessionRow, StoredEventRow } from "../session/event-rows.js";
export { importLegacyHistory, isLegacyHistory, type LegacyConversation, type LegacyImport } from "../session/import-legacy.js";
export { MemorySessionRepository } from "../session/memory-session-repository.js";
export { DEFAULT_SESSION_STORE_URL, openSessionRepository, openSessionService, type OpenSessionStoreOptions } from "../session/open-session-store.js";
export { transcript } from "../session/render-events.js";
export { duplicateIds, sessionNotFound, versionConflict, type EventSelection, type SessionPage, type SessionRepository } from "../session/session-repository.js";
export { DEFAULT_TIME_TO_LIVE_SECONDS, SessionService, type AppendMessageOptions, type AppendResult, type SessionServiceOptions } from "../session/session-service.js";
export { MAX_ID_LENGTH } from "../session/stored-values.js";
export { estimateTokens } from "../session/turns.js";
