/**
 * The seed client's public types. A generated client (`seedbed codegen`)
 * narrows them per table: `TableSeeder<UsersRow, UsersInput>`.
 */
import type { Dialect } from '../engine';

/** What a function override receives: the row's place in the call and its address. */
export interface SeedContext {
  /** The row's scope (a test's file and name under jest, '' outside). */
  scope: string;
  /** This row is the ordinal-th row of its table made in its scope. */
  ordinal: number;
  /** The engine's row index: every value not overridden is the engine's cell at this index. */
  index: number;
}

/** A value for every row of a call, or a function of the row's position in the call. */
export type FieldValue<T> = T | ((i: number, ctx: SeedContext) => T);

/** Rows already in the database that references may point at: a table's rows by its name. */
export type ConnectPools = Record<string, readonly object[]>;

export interface SeedCallOptions {
  /**
   * Rows the new rows' references pick from (a row a seed call returned, or
   * any object holding the referenced key), instead of new rows being made
   * for them. `{ users: [alice, bob] }`: every reference to users in this
   * call, nested rows included, names alice or bob.
   */
  connect?: ConnectPools;
}

/** How many rows, or one input per row. */
export type RowsSpec<Input> = number | readonly Input[];

export interface TableSeeder<Row, Input> {
  /** Makes rows (with their references and nested children) and writes them through the adapter; resolves to the rows. */
  (rows: RowsSpec<Input>, each?: Input & SeedCallOptions): Promise<Row[]>;
  /** The same rows, made without a database (factory style): the rows the call would write at this point. */
  build(rows: RowsSpec<Input>, each?: Input & SeedCallOptions): Row[];
  /** The rows and the SQL the call would run, without running it. */
  dryRun(rows: RowsSpec<Input>, each?: Input & SeedCallOptions): { rows: Row[]; sql: string };
}

/** Runs SQL for the client: one of the adapters (pg, TypeORM, Prisma, mysql2, better-sqlite3) or your own. */
export interface SeedAdapter {
  readonly dialect: Dialect;
  /**
   * Runs `work` with an executor: inside the caller's transaction when the
   * adapter was given a connection or transaction, otherwise in one of its
   * own (all of a call's rows or none).
   */
  run(work: (executor: SeedExecutor) => Promise<void>): Promise<void>;
}

export interface SeedExecutor {
  execute(sql: string): Promise<void>;
  /** PostgreSQL COPY … FROM STDIN of rows in its text format, when the adapter can (pg): faster than INSERT for many rows. */
  copy?(table: string, columns: string[], data: Buffer): Promise<void>;
}

export interface SeedClientOptions {
  /** Where rows are written; without it only `build` and `dryRun` work (with `dialect` for the SQL). */
  adapter?: SeedAdapter;
  /** The seed of every value (default: the blueprint's). */
  seed?: number;
  /**
   * The scope rows are addressed in: a name, or a function read at each
   * call. Default: under jest, the running test's file and full name (its
   * `beforeAll` hooks: the file); elsewhere '' (the unnamed scope).
   */
  scope?: string | (() => string);
  /** SQL dialect of `dryRun` when there is no adapter (default postgres). */
  dialect?: Dialect;
  /** Every write becomes SQL kept in `$sql()` instead of being run (no adapter needed). */
  dryRun?: boolean;
}

/** The client's own methods, beside one seeder per table. */
export interface SeedClientMethods {
  /** Deletes every row of the blueprint's tables, children first (TRUNCATE in PostgreSQL), and forgets the rows made. */
  $reset(): Promise<void>;
  /** The same client addressing rows in another scope (its own rows, whatever other scopes make). */
  $scope(name: string): this;
  /** The SQL a dry-run client recorded so far. */
  $sql(): string;
}
