// What the PostgreSQL store needs from a pg pool, declared here rather than imported from pg: pg ships no
// declarations (they are @types/pg, which a user of pg need not have), and partwise's published .d.ts
// files must type-check without it (issue 15). pg's Pool and Client satisfy these structurally: the store
// hands its own pg.Pool and pg.Client to them, so this repository's compiler checks it against @types/pg.

/** One statement as the store sends it: named (prepared once per connection), rows as arrays when asked. */
export interface PostgresQuery {
  readonly name?: string;
  readonly text: string;
  readonly values?: unknown[];
  readonly rowMode?: "array";
}

/** The part of a query's result the store reads. */
export interface PostgresQueryResult {
  readonly rows: unknown[];
  readonly rowCount: number | null;
}

/** A connection that runs statements one after another (a transaction spans several). */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
}

/** A connection checked out of a pool, given back with `release`. */
export interface PostgresPoolConnection extends PostgresQueryable {
  release(): void;
}

/** A connection pool (pg's `Pool`) that `PostgresSessionRepository.open` takes and the caller owns. */
export interface PostgresPool {
  readonly ended: boolean;
  connect(): Promise<PostgresPoolConnection>;
  query(query: PostgresQuery): Promise<PostgresQueryResult>;
  end(): Promise<void>;
}
