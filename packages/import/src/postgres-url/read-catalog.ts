/**
 * A live PostgreSQL → schema model, from its catalog only: tables, columns,
 * keys, checks, enums, domains, `pg_class.reltuples` row estimates, and from
 * `pg_stats` null fractions and distinct counts; most common values only for
 * low-cardinality columns that hold no personal data. Never a row of the
 * user's tables. The connection goes through the load target guard (refused
 * addresses, one resolved address), in a read-only transaction with a
 * statement timeout.
 */
import { loadModule } from 'libpg-query';
import type { Client } from 'pg';
import { AppError, badInput } from '@seedbed/engine/errors';
import { checkTarget, parseTargetUrl, targetClient } from '../targets/target-guard';
import { isPersonal } from '../infer/personal';
import { resolveTypes } from '../resolve-types';
import { emptySchema, IMPORT_LIMITS, type ColumnModel, type SchemaModel, type TableModel } from '../schema-model';
import type { SourceOptions } from '../sources';
import { partitionCheck } from '../postgres/partitions';
import { parseCheckDefinition, parseConstraintDefinition, parseIndexDefinition, parsePartitionBound, parsePartitionKey, parseTypeName } from './parse-definitions';
import { readExclusion, readUniqueIndex } from '../postgres/unique-indexes';
import { CATALOG_QUERIES } from './queries';

const PATH = 'input.url';
const TIMEOUT_MS = 10_000;
/** Columns with at most this many distinct values may show their most common values, when they hold no personal data. */
const LOW_CARDINALITY = 50;

export async function readPostgresUrl(url: string, options: SourceOptions): Promise<SchemaModel> {
  await loadModule();
  // Said before any lookup: the guard also takes mysql://, which this source cannot read.
  if (parseTargetUrl(url, PATH).engine !== 'postgres') throw new AppError('TARGET_REFUSED', 'POSTGRES_URL reads a PostgreSQL database: the URL must start with postgres:// or postgresql://.', { path: PATH });
  const target = await checkTarget(url, { allowPrivate: options.allowPrivateTargets, path: PATH });
  const client = targetClient(target, {
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS * 2,
    statement_timeout: TIMEOUT_MS,
    application_name: 'seedbed import',
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    // A server's client has already made it the one answer of every failed sign-in (target-guard.ts).
    if (error instanceof AppError) throw new AppError(error.code, error.message, { path: PATH });
    throw new AppError('TARGET_UNREACHABLE', `Could not connect to ${target.servername}:${target.port}: ${(error as Error).message}.`, { path: PATH });
  }
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${TIMEOUT_MS}`);
    const schema = await readCatalog(client);
    schema.name = target.database;
    await client.query('ROLLBACK');
    return schema;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    throw new AppError(code === '42501' ? 'TARGET_REFUSED' : 'TARGET_UNREACHABLE', `Reading the database's catalog failed: ${(error as Error).message}.`, { path: PATH });
  } finally {
    await client.end().catch(() => {});
  }
}

type Row = Record<string, any>;

async function readCatalog(client: Client): Promise<SchemaModel> {
  const schema = emptySchema('postgres');
  const { rows: tableRows } = await client.query<Row>(CATALOG_QUERIES.tables, [IMPORT_LIMITS.tables + 1]);
  if (tableRows.length > IMPORT_LIMITS.tables) throw badInput(PATH, `The database has more than ${IMPORT_LIMITS.tables} tables; an import reads at most ${IMPORT_LIMITS.tables}.`);
  const oids = tableRows.map((t) => Number(t.oid));
  const tables = new Map<number, TableModel>();
  for (const t of tableRows) {
    tables.set(Number(t.oid), { name: t.relname, columns: [], uniques: [], foreignKeys: [], checks: [], rowEstimate: Number(t.reltuples), where: `${t.nspname}.${t.relname}` });
  }
  for (const e of (await client.query<Row>(CATALOG_QUERIES.enums)).rows) (schema.enums[e.typname] ??= []).push(e.enumlabel);
  for (const d of (await client.query<Row>(CATALOG_QUERIES.domains)).rows) {
    const domain = (schema.domains[d.typname] ??= { name: d.typname, baseType: parseTypeName(d.base), notNull: d.typnotnull, checks: [] });
    if (d.def) {
      const check = parseCheckDefinition(d.def, d.conname, '\u0000value');
      domain.checks.push(check);
      domain.checkText = domain.checkText ? `${domain.checkText} AND ${check.text}` : check.text;
    }
  }
  const attnames = new Map<string, string>();
  for (const c of (await client.query<Row>(CATALOG_QUERIES.columns, [oids])).rows) {
    const table = tables.get(Number(c.attrelid))!;
    attnames.set(`${c.attrelid}:${c.attnum}`, c.attname);
    if (c.attgenerated) {
      schema.skipped.push({ kind: 'column', name: `${table.name}.${c.attname}`, reason: 'a generated column: the database computes it, a load may not write it.' });
      continue;
    }
    const column: ColumnModel = { name: c.attname, type: parseTypeName(c.type), notNull: c.attnotnull, checks: [] };
    // 'a': GENERATED ALWAYS, 'd': BY DEFAULT; a serial is a default drawing from a sequence the column owns.
    if (c.attidentity || c.serial) {
      column.generated = true;
      column.identity = c.attidentity === 'a' ? 'always' : 'default';
    }
    if (c.default) column.defaultText = String(c.default).slice(0, 60);
    if (table.columns.length >= IMPORT_LIMITS.columns) throw badInput(PATH, `Table "${table.name}" has more than ${IMPORT_LIMITS.columns} columns.`);
    table.columns.push(column);
  }
  const names = (relid: number, keys: number[] | null) => (keys ?? []).map((k) => attnames.get(`${relid}:${k}`) ?? '');
  for (const k of (await client.query<Row>(CATALOG_QUERIES.constraints, [oids])).rows) {
    const table = tables.get(Number(k.conrelid))!;
    const columns = names(Number(k.conrelid), k.conkey);
    if (k.contype === 'p') table.primaryKey = columns;
    else if (k.contype === 'u' || k.contype === 'x') {
      const c = parseConstraintDefinition(k.def);
      const at = { text: String(k.def), where: `${table.name}.${k.conname}` };
      if (k.contype === 'x') readExclusion(table, c ?? {}, at, schema.skipped);
      else if (c?.nulls_not_distinct) readUniqueIndex(table, { name: k.conname, keys: columns, nullsNotDistinct: true }, at, schema.skipped);
      else table.uniques.push(columns);
    }
    else if (k.contype === 'f') {
      const target = tables.get(Number(k.confrelid));
      if (target) table.foreignKeys.push({ name: k.conname, columns, table: target.name, refColumns: names(Number(k.confrelid), k.confkey) });
      else schema.skipped.push({ kind: 'foreign key', name: k.conname, reason: 'it references a table outside the imported schemas.' });
    } else if (k.contype === 'c') {
      const check = parseCheckDefinition(k.def, k.conname);
      if (columns.length === 1) table.columns.find((c) => c.name === columns[0])?.checks.push(check);
      else table.checks.push(check);
    }
  }
  for (const i of (await client.query<Row>(CATALOG_QUERIES.uniqueIndexes, [oids])).rows) {
    const table = tables.get(Number(i.indrelid))!;
    const index = parseIndexDefinition(i.def);
    const at = { text: String(i.def), where: `index ${i.indexname}` };
    if (!index) schema.skipped.push({ kind: 'index', name: i.indexname, reason: `${at.where}: its definition cannot be read; generated rows may break it.` });
    else readUniqueIndex(table, { name: i.indexname, elements: index.indexParams ?? [], whereClause: index.whereClause, nullsNotDistinct: !!index.nulls_not_distinct }, at, schema.skipped);
  }
  const bounds = new Map<number, unknown[]>();
  for (const p of (await client.query<Row>(CATALOG_QUERIES.partitions, [oids])).rows) {
    const table = tables.get(Number(p.parent));
    if (!table) continue;
    schema.skipped.push({ kind: 'partition', name: p.child, reason: `a partition of ${table.name}: its rows are generated once, as ${table.name}'s, and the database routes them.` });
    bounds.set(Number(p.parent), [...(bounds.get(Number(p.parent)) ?? []), parsePartitionBound(p.bound)]);
  }
  for (const t of tableRows) {
    if (!t.partkey) continue;
    const check = partitionCheck(parsePartitionKey(t.partkey), bounds.get(Number(t.oid)) ?? []);
    if (check) tables.get(Number(t.oid))!.checks.push(check);
  }
  schema.tables = [...tables.values()];
  resolveTypes(schema);
  await readStats(client, schema, tableRows);
  return schema;
}

/** pg_stats: null share and distinct counts for every column; most common values only where low-cardinality and not personal. */
async function readStats(client: Client, schema: SchemaModel, tableRows: Row[]): Promise<void> {
  const byKey = new Map<string, ColumnModel>();
  const tableOf = new Map<string, TableModel>();
  for (const [i, t] of tableRows.entries()) {
    const table = schema.tables[i];
    for (const c of table.columns) byKey.set(`${t.nspname}\u0000${t.relname}\u0000${c.name}`, c);
    tableOf.set(`${t.nspname}\u0000${t.relname}`, table);
  }
  const { rows } = await client.query<Row>(CATALOG_QUERIES.stats, [tableRows.map((t) => t.nspname), tableRows.map((t) => t.relname)]);
  const wanted: [string, string, string][] = [];
  for (const s of rows) {
    const column = byKey.get(`${s.schemaname}\u0000${s.tablename}\u0000${s.attname}`);
    if (!column) continue;
    column.stats = { nullFraction: Number(s.null_frac), distinct: Number(s.n_distinct) };
    const table = tableOf.get(`${s.schemaname}\u0000${s.tablename}`)!;
    const distinct = Number(s.n_distinct);
    const kind = column.type.kind;
    if (distinct > 0 && distinct <= LOW_CARDINALITY && !isPersonal(table.name, column.name) && ['text', 'enum', 'integer', 'boolean'].includes(kind) && !column.type.arrayOf) {
      wanted.push([s.schemaname, s.tablename, s.attname]);
    }
  }
  if (wanted.length === 0) return;
  const common = await client.query<Row>(CATALOG_QUERIES.commonValues, [wanted.map((w) => w[0]), wanted.map((w) => w[1]), wanted.map((w) => w[2])]);
  for (const s of common.rows) {
    const column = byKey.get(`${s.schemaname}\u0000${s.tablename}\u0000${s.attname}`);
    if (column?.stats && Array.isArray(s.vals) && Array.isArray(s.freqs)) column.stats.common = { values: s.vals.map(String), frequencies: s.freqs.map(Number) };
  }
}
