import { createWriteStream, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ChunkWorkerPool, compileBlueprint, fileNameOf, FORMATS, isPerParent, streamBlueprintSql, streamTable, type Dialect, type Format } from '../engine';
import { parseInteger, readBlueprint } from './io';
import { UsageError } from './usage';

const DIALECTS = ['postgres', 'mysql', 'sqlite'];

export interface GenerateFlags {
  table?: string;
  rows?: string;
  seed?: string;
  format?: string;
  dialect?: string;
  out?: string;
  offset?: string;
  workers?: string;
}

/**
 * `seedbed generate`: one file per table in DIR (SQL: one script for the
 * whole blueprint, in dependency order), or one table to standard output.
 */
export async function generate(file: string | undefined, flags: GenerateFlags): Promise<void> {
  const format = (flags.format ?? 'csv') as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const dialect = (flags.dialect ?? 'postgres') as Dialect;
  if (!DIALECTS.includes(dialect)) throw new UsageError(`--dialect must be one of ${DIALECTS.join(', ')}`);
  const rows = parseInteger('rows', flags.rows);
  const seed = parseInteger('seed', flags.seed);
  const offset = parseInteger('offset', flags.offset) ?? 0;
  const workers = parseInteger('workers', flags.workers, 1) ?? availableParallelism();
  // This process only generates: its own thread encodes too, beside workers − 1
  // helper threads, started now so they load the engine while this one compiles.
  const helpers = workers > 1 ? new ChunkWorkerPool(workers - 1) : undefined;
  helpers?.start();
  try {
    await writeTables(file, flags, { format, dialect, rows, seed, offset, helpers });
  } finally {
    await helpers?.close();
  }
}

interface Settings {
  format: Format;
  dialect: Dialect;
  rows?: number;
  seed?: number;
  offset: number;
  helpers?: ChunkWorkerPool;
}

async function writeTables(file: string | undefined, flags: GenerateFlags, { format, dialect, rows, seed, offset, helpers }: Settings): Promise<void> {
  const doc = readBlueprint(file);
  const tables = Array.isArray(doc.tables) ? doc.tables : [];
  const named = flags.table === undefined ? tables[0] : tables.find((t) => t?.name?.toLowerCase() === flags.table!.toLowerCase());
  if (flags.table !== undefined && !named) throw new UsageError(`no table "${flags.table}" in ${file}`);
  if (rows !== undefined && named && isPerParent(named.rows)) {
    throw new UsageError(`--rows: "${named.name}" is sized per row of "${named.rows.perParent}"; set that table's rows instead`);
  }
  const plan = compileBlueprint(doc, { seed, rowOverrides: rows !== undefined && named ? { [named.name]: rows } : {} });

  const out = flags.out ?? '.';
  const selected = flags.table !== undefined ? [plan.table(flags.table).name] : plan.order;
  const options = { dialect, offset, helpers };
  if (out === '-') {
    if (format === 'sql' && flags.table === undefined) return write(streamBlueprintSql(plan, dialect, { helpers }), process.stdout);
    if (selected.length !== 1) throw new UsageError('--out - writes one table: name it with --table');
    return write(streamTable(plan, selected[0], format, options), process.stdout);
  }
  mkdirSync(out, { recursive: true });
  if (format === 'sql' && flags.table === undefined) {
    const target = path.join(out, `${doc.name || 'blueprint'}.sql`);
    await write(streamBlueprintSql(plan, dialect, { helpers }), createWriteStream(target));
    process.stderr.write(`wrote ${target}\n`);
    return;
  }
  for (const name of selected) {
    const target = path.join(out, fileNameOf(plan, name, format));
    await write(streamTable(plan, name, format, options), createWriteStream(target));
    process.stderr.write(`wrote ${target} (${Math.max(0, plan.table(name).layout.rows - offset)} rows)\n`);
  }
}

async function write(source: Readable, target: NodeJS.WritableStream): Promise<void> {
  try {
    await pipeline(source, target);
  } catch (e) {
    // A closed pipe (`seedbed generate … | head`) is a normal way to stop.
    if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
  }
}
