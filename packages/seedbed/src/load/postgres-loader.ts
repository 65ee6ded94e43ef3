/**
 * Loads a compiled blueprint into a user's PostgreSQL with COPY, in one
 * transaction: the target ends up with every row or exactly as it was.
 *
 * Tables we create get their keys after their rows (an index built once is
 * faster than one maintained row by row) and their foreign keys after every
 * table, so load order and nullable cycles do not matter. Generation and COPY
 * overlap: the engine's stream is piped into COPY with backpressure, in
 * PostgreSQL's binary format where that is exact (pg-binary.ts).
 *
 * One connection, one transaction, tables one after another, generation in
 * worker threads. Independent tables on parallel connections would each be
 * their own transaction: all-or-nothing would then need a two-phase commit
 * (PREPARE TRANSACTION, off by default: max_prepared_transactions = 0, and a
 * loader dying between the COMMIT PREPAREDs leaves locks held), and a child's
 * foreign key cannot see its parent's rows in another uncommitted
 * transaction. The server's share (parsing, heap and index writes) is cut by
 * binary COPY instead.
 */
import { pipeline } from 'node:stream/promises';
import { DatabaseError, type Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { deferredUpdates, defersToCommit, qualifiedTableName, schemaDdl, sequenceReset, sqlColumnName, sqlTypeOfField, streamTable, tableSqlName, type Plan } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { targetClient, type ResolvedTarget } from '@seedbed/import';
import { throttledProgress, type LoadOptions, type LoadResult } from './load-options';
import { BinaryCopyEncoder, binaryKinds, NotBinary } from './pg-binary';
import { LineCounter } from './row-counter';

/** A plan's table as PostgreSQL names it: in its schema, as the source wrote it. */
const qualified = (plan: Plan, name: string) => qualifiedTableName(plan.table(name), 'postgres');

export async function loadIntoPostgres(plan: Plan, target: ResolvedTarget, options: LoadOptions = {}): Promise<LoadResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const client = await connect(target, options);
  const onAbort = () => void client.end().catch(() => {}); // the server rolls back a transaction whose connection is gone
  let table: string | undefined;
  let column: string | undefined;
  try {
    signal?.addEventListener('abort', onAbort, { once: true });
    const limit = `SET LOCAL statement_timeout = ${Math.max(0, Math.floor(options.statementTimeoutMs ?? 60_000))}`;
    await client.query('BEGIN');
    await client.query(limit);
    await client.query(limit.replace('statement_timeout', 'lock_timeout'));
    // money is read by the session's lc_monetary: the engine writes it as the C locale does ('1234.56'), whatever the target's default.
    await client.query(`SET LOCAL lc_monetary = 'C'`);
    // DEFERRABLE keys closing a cycle are written at once and checked at COMMIT.
    if (defersToCommit(plan)) await client.query('SET CONSTRAINTS ALL DEFERRED');

    const ddl = schemaDdl(plan, 'postgres');
    // A table of a schema is looked up in it; one without, wherever the search path finds it.
    const { rows: found } = await client.query<{ name: string }>(
      `SELECT x.name FROM unnest($1::text[], $2::text[], $3::text[]) AS x(name, schema, relname)
        WHERE EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE c.relname = x.relname AND c.relkind IN ('r', 'p')
                         AND (CASE WHEN x.schema = '' THEN pg_table_is_visible(c.oid) ELSE n.nspname = x.schema END))`,
      [plan.order, plan.order.map((n) => plan.table(n).def.schema ?? ''), plan.order.map((n) => tableSqlName(plan.table(n)))],
    );
    const existing = new Set(found.map((r) => r.name));
    const created = options.createTables === false ? [] : ddl.filter((t) => !existing.has(t.table));
    for (const t of created) {
      table = t.table;
      await client.query(t.create);
    }
    const toTruncate = plan.order.filter((name) => existing.has(name));
    if (options.truncate && toTruncate.length) {
      table = toTruncate.join(', ');
      await client.query(`TRUNCATE ${toTruncate.map((n) => qualified(plan, n)).join(', ')} CASCADE`);
    }

    // From here statements take as long as the rows they handle.
    await client.query('SET LOCAL statement_timeout = 0');
    const progress = throttledProgress(options.onProgress);
    const tables: LoadResult['tables'] = [];
    let before = 0;
    for (const name of plan.order) {
      table = name;
      const rows = await copyTable(client, plan, name, options, (done) => progress(before + done));
      tables.push({ name, rows });
      before += rows;
      progress(before);
    }
    // References that close a cycle went in as NULL: set now that every row they point at exists.
    for (const name of plan.order) {
      table = name;
      for (const statement of deferredUpdates(plan, name, 'postgres')) await client.query(statement);
    }
    for (const step of ['keys', 'foreignKeys'] as const) {
      for (const t of created) {
        table = t.table;
        for (const statement of t[step]) {
          column = /\(("[^)]*")\)/.exec(statement)?.[1];
          await client.query(statement);
        }
      }
      column = undefined;
    }
    table = undefined;
    await resetSequences(client, plan);
    await options.beforeCommit?.();
    signal?.throwIfAborted();
    await client.query('COMMIT');
    progress(before, true);
    return { rows: before, tables };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    if (signal?.aborted) throw signal.reason ?? error;
    throw await describeFailure(error, plan, client, table, column);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await client.end().catch(() => {});
  }
}

/**
 * COPY wrote every id itself, so each sequence the loaded columns own
 * (identity or serial, whether the table was ours or already there) is moved
 * past them: the application's next INSERT without an id must not collide.
 */
async function resetSequences(client: Client, plan: Plan): Promise<void> {
  const tables: string[] = [];
  const columns: string[] = [];
  for (const name of plan.order) {
    for (const f of plan.table(name).fields) {
      tables.push(qualified(plan, name));
      columns.push(f.sqlName ?? f.name);
    }
  }
  const { rows } = await client.query<{ t: string; c: string }>(
    // A role that may insert but not move the sequence loads as before rather than not at all.
    `SELECT t, c FROM unnest($1::text[], $2::text[]) AS x(t, c), pg_get_serial_sequence(t, c) AS s WHERE s IS NOT NULL AND has_sequence_privilege(s, 'UPDATE')`,
    [tables, columns],
  );
  for (const r of rows) await client.query(sequenceReset(r.t, r.c));
}

async function connect(target: ResolvedTarget, options: LoadOptions): Promise<Client> {
  const client = targetClient(target, {
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    keepAlive: true,
    application_name: 'seedbed',
    // A worker that dies mid-load must not leave the transaction (and its locks) open.
    idle_in_transaction_session_timeout: 60_000,
  });
  client.on('error', () => {}); // a dropped connection surfaces through the pending query
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw connectionFailure(error, target);
  }
}

const REFUSING_STATES: Record<string, string> = {
  '28P01': 'the password was not accepted',
  '28000': 'the server refused this user',
  '42501': 'permission denied',
  '3D000': 'the database does not exist',
};

function connectionFailure(error: unknown, target: ResolvedTarget): AppError {
  // A server's client has already made it the one answer of every failed sign-in (target-guard.ts).
  if (error instanceof AppError) return error;
  const where = `${target.servername}:${target.port}`;
  const code = (error as { code?: string }).code;
  if (error instanceof DatabaseError && code) {
    const why = REFUSING_STATES[code] ?? error.message;
    return new AppError('TARGET_REFUSED', `The database at ${where} refused the connection: ${why}.`, { sqlState: code });
  }
  const why = code ?? (error as Error).message ?? String(error);
  return new AppError('TARGET_UNREACHABLE', `The database at ${where} could not be reached (${why}).`);
}

const DISCONNECTED = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'ECONNRESET', 'EPIPE']);

/** The table (and column when known) the failure happened in, the target's own column type, and that nothing was changed. */
async function describeFailure(error: unknown, plan: Plan, client: Client, table: string | undefined, column: string | undefined): Promise<unknown> {
  if (error instanceof AppError) return error;
  const e = error as DatabaseError & NodeJS.ErrnoException;
  if (!(error instanceof DatabaseError)) {
    if (e?.code && DISCONNECTED.has(e.code)) {
      return new AppError('TARGET_UNREACHABLE', `The connection to the target database was lost while loading ${table ? `table "${table}"` : ''} (${e.code}); nothing was changed.`);
    }
    if (/Connection terminated/i.test(e?.message ?? '')) {
      return new AppError('TARGET_UNREACHABLE', `The connection to the target database was lost${table ? ` while loading table "${table}"` : ''}; nothing was changed.`);
    }
    return error; // an engine error (e.g. a unique field exhausted) or a bug: its own message says more
  }
  // COPY reports the position in `where`: `COPY users, line 2, column id: "1"`.
  const copyAt = /^COPY [^,]+, line (\d+)(?:, column ([^:]+))?/.exec(e.where ?? '');
  const columnName = copyAt?.[2] ?? e.column ?? column?.replace(/^"|"$/g, '');
  let detail = '';
  if (table && columnName && plan.order.includes(table)) {
    const field = plan.table(table).fields.find((f) => (f.sqlName ?? f.name) === columnName);
    const actual = await client
      .query<{ type: string }>(
        `SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
         WHERE a.attrelid = to_regclass($1) AND a.attname = $2 AND NOT a.attisdropped`,
        [qualified(plan, table), columnName],
      )
      .then((r) => r.rows[0]?.type)
      .catch(() => undefined);
    if (field && actual) detail = ` (the target's column is ${actual}; the blueprint generates ${sqlTypeOfField(field, 'postgres')})`;
  }
  const place = table ? `table "${table}"${columnName ? `, column "${columnName}"` : ''}${copyAt ? `, data line ${copyAt[1]}` : ''}` : 'the target';
  const message = `Loading ${place} failed: ${e.message}${detail}. The transaction was rolled back; the target is as it was.`;
  const code = e.code ?? '';
  // The target's schema, data or permissions reject the rows: trying again gives the same answer.
  const refusal = /^(22|23|42|28|3D|0A)/.test(code);
  if (refusal) return new AppError('TARGET_REFUSED', message, { sqlState: code, table, column: columnName });
  return Object.assign(new Error(message, { cause: error }), { code, table, column: columnName });
}

/**
 * One table's rows, generated as COPY reads them (the engine's stream piped
 * into COPY with backpressure: no table is ever whole in memory). Binary
 * when every column has an exact binary encoder (see pg-binary.ts), inside a
 * savepoint: a value only PostgreSQL can read sends the table again as text.
 */
async function copyTable(client: Client, plan: Plan, name: string, options: LoadOptions, report: (rows: number) => void): Promise<number> {
  const t = plan.table(name);
  const names = t.fields.map((f) => f.sqlName ?? f.name);
  const columns = t.fields.map((f) => sqlColumnName(f, 'postgres')).join(', ');
  const rows = (header: boolean) => streamTable(plan, name, 'csv', { workers: options.workers, deferRefs: true, header });
  const signal = options.signal ? { signal: options.signal } : {};
  const kinds = options.binaryCopy !== false ? await binaryKinds(client, qualified(plan, name), names) : undefined;
  if (kinds) {
    await client.query('SAVEPOINT seedbed_binary_copy');
    try {
      const copy = client.query(copyFrom(`COPY ${qualified(plan, name)} (${columns}) FROM STDIN WITH (FORMAT binary)`));
      await pipeline(rows(false), new BinaryCopyEncoder(kinds, names, report), copy, signal);
      await client.query('RELEASE SAVEPOINT seedbed_binary_copy');
      return copy.rowCount;
    } catch (error) {
      if (!(error instanceof NotBinary)) throw error;
      await client.query('ROLLBACK TO SAVEPOINT seedbed_binary_copy');
    }
  }
  const copy = client.query(copyFrom(`COPY ${qualified(plan, name)} (${columns}) FROM STDIN WITH (FORMAT csv, HEADER true)`));
  await pipeline(rows(true), new LineCounter(t.layout.rows, report, 1), copy, signal);
  return copy.rowCount;
}
