// `partwise/sqlite`: the SQLite session store. Its driver, better-sqlite3, is an optional peer
// dependency: opening a store without it raises a MissingDependencyError naming the package.
export { SqliteSessionRepository, type SqliteSessionRepositoryOptions } from "../session/sqlite-session-repository.js";
