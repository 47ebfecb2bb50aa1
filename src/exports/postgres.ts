// `partwise/postgres`: the PostgreSQL session store. Its driver, pg, is an optional peer dependency:
// opening a store without it raises a MissingDependencyError naming the package.
export { PostgresSessionRepository } from "../session/postgres-session-repository.js";
export type { PostgresPool, PostgresPoolConnection, PostgresQuery, PostgresQueryable, PostgresQueryResult } from "../session/postgres-pool.js";
