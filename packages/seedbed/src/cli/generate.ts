import { createWriteStream, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { blueprintSqlPieces, ChunkWorkerPool, compileBlueprint, EngineError, fileNameOf, FORMATS, isPerParent, outputIssues, tablePieces, type BlueprintDocument, type Dialect, type Format, type OutputOptions, type Plan, type StreamPiece, writeFilesOnce, writePieces } from '@seedbed/engine';
import { parseInteger, readBlueprint } from './io';
import { stdoutWriter, writeFile } from './fd-writer';
import { fetchDocument } from './remote';
import { UsageError } from './usage';
import { parseShard, writeShards, type Shard } from './shard-output';
import { documentLimits } from '../settings';

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
  delimiter?: string;
  'no-header'?: boolean;
  crlf?: boolean;
  lf?: boolean;
  null?: string;
  pretty?: boolean;
  'data-only'?: boolean;
  'escape-formulas'?: boolean;
  server?: string;
  blueprint?: string;
  revision?: string;
  shard?: string;
}

/** The output options of the flags, each refused at its flag (exit 2) when invalid. */
function outputOf(flags: GenerateFlags, formats: Format[]): OutputOptions | undefined {
  if (flags.crlf && flags.lf) throw new UsageError('give --crlf or --lf, not both');
  const given: OutputOptions = {
    delimiter: flags.delimiter,
    header: flags['no-header'] ? false : undefined,
    lineEnding: flags.crlf ? 'crlf' : flags.lf ? 'lf' : undefined,
    nullMarker: flags.null,
    pretty: flags.pretty || undefined,
    escapeFormulas: flags['escape-formulas'] || undefined,
  };
  const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as OutputOptions;
  if (!Object.keys(options).length) return undefined;
  const FLAGS: Record<string, string> = { delimiter: '--delimiter', nullMarker: '--null' };
  const [issue] = outputIssues(options, formats);
  if (issue) throw new UsageError(`${FLAGS[issue.path] ?? `--${issue.path}`} ${issue.message}`);
  return options;
}

/** The document to generate: a file, or a blueprint stored on a server (`--server URL --blueprint ID [--revision R]`). */
async function documentOf(file: string | undefined, flags: GenerateFlags): Promise<BlueprintDocument> {
  if (flags.server === undefined) {
    if (flags.blueprint !== undefined || flags.revision !== undefined) throw new UsageError('--blueprint and --revision read from a server: give --server URL too');
    return readBlueprint(file);
  }
  if (file !== undefined) throw new UsageError('give BLUEPRINT.json or --server, not both');
  if (!flags.blueprint) throw new UsageError('--server needs --blueprint ID (the id in the editor\'s address)');
  return fetchDocument(flags.server, flags.blueprint, parseInteger('revision', flags.revision, 1), process.env.SEEDBED_KEY);
}

/**
 * `seedbed generate`: one file per table in DIR (SQL: one script for the
 * whole blueprint, in dependency order), or one table to standard output.
 */
export async function generate(file: string | undefined, flags: GenerateFlags): Promise<void> {
  const formats = formatsOf(flags.format);
  const [format] = formats;
  const dialect = (flags.dialect ?? 'postgres') as Dialect;
  if (!DIALECTS.includes(dialect)) throw new UsageError(`--dialect must be one of ${DIALECTS.join(', ')}`);
  const rows = parseInteger('rows', flags.rows);
  const seed = parseInteger('seed', flags.seed);
  const offset = parseInteger('offset', flags.offset) ?? 0;
  const workers = parseInteger('workers', flags.workers, 1) ?? availableParallelism();
  const output = outputOf(flags, formats);
  if (flags['data-only'] && !formats.includes('sql')) throw new UsageError('--data-only writes SQL: give --format sql');
  const shard = parseShard(flags.shard);
  if (formats.length > 1 && shard) throw new UsageError('--shard writes one format: give one --format per call');
  if (formats.length > 1 && flags.out === '-') throw new UsageError('--out - writes one format: give --out DIR for several');
  const doc = await documentOf(file, flags);
  // This process only generates: its own thread encodes too, beside workers − 1
  // helper threads, started once the plan shows cells enough to share.
  let helpers: ChunkWorkerPool | undefined;
  const helpersFor = (plan: Plan) => {
    if (workers > 1 && plan.order.reduce((cells, name) => cells + plan.table(name).layout.rows * plan.table(name).fields.length, 0) > HELPED_CELLS) {
      helpers = new ChunkWorkerPool(workers - 1);
      helpers.start();
    }
    return helpers;
  };
  try {
    await writeTables(doc, file ?? `blueprint ${flags.blueprint}`, flags, { format, formats, dialect, rows, seed, offset, helpersFor, output, shard });
  } finally {
    await helpers?.close();
  }
}

/**
 * Cells (rows × fields, of all tables) up to which this thread makes every
 * file alone. A helper thread is ready ~0.2 s after it starts, and its first
 * chunks are slow (V8 compiles the row writers again in it); on 2 cores it
 * also competes with the reader of the output and the kernel's copying.
 * Measured there (built CLI, `--workers 1` against 2, CSV into `wc -c`): one
 * thread was faster for a million people rows (10M cells: 0.50 s against
 * 0.60 s) and a million of the shop's (5M cells), as fast for 2M people rows
 * (20M), and slower for 4M people rows (40M: 1.6 s against 1.4 s) and 4M of
 * the shop's (19M: 2.2 s against 1.8 s).
 */
const HELPED_CELLS = 15_000_000;

/** `--format csv` or a list, `--format csv,sql,ndjson`: each format once, in the order given. */
function formatsOf(flag = 'csv'): Format[] {
  const formats = [...new Set(flag.split(',').map((f) => f.trim().toLowerCase()))] as Format[];
  const unknown = formats.find((f) => !FORMATS.includes(f));
  if (unknown !== undefined) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, or several separated by commas (csv,sql,ndjson); got "${unknown}"`);
  return formats;
}

interface Settings {
  format: Format;
  /** Every format asked for (the first is `format`); several are written from one generation. */
  formats: Format[];
  dialect: Dialect;
  rows?: number;
  seed?: number;
  offset: number;
  /** The helper threads for this plan, started if its tables are large enough to share. */
  helpersFor: (plan: Plan) => ChunkWorkerPool | undefined;
  output?: OutputOptions;
  shard?: Shard;
}

/**
 * `--offset K --rows N` is a window, rows K … K+N−1 of the first (or named)
 * table, as in the rows API: a table of its own size becomes K+N rows long
 * (tables below it scale with it, as `--rows` always did); a table sized by
 * its parents keeps its rows, and a window past its end is an error naming
 * its count (exit 1). Other tables are written whole.
 */
async function writeTables(doc: BlueprintDocument, source: string, flags: GenerateFlags, { format, formats, dialect, rows, seed, offset, helpersFor, output, shard }: Settings): Promise<void> {
  const tables = Array.isArray(doc.tables) ? doc.tables : [];
  const named = flags.table === undefined ? tables[0] : tables.find((t) => t?.name?.toLowerCase() === flags.table!.toLowerCase());
  if (flags.table !== undefined && !named) throw new UsageError(`no table "${flags.table}" in ${source}`);
  const ownSize = named && !isPerParent(named.rows);
  const plan = compileBlueprint(doc, { seed, rowOverrides: rows !== undefined && ownSize ? { [named.name]: offset + rows } : {}, ...documentLimits(process.env) });
  const helpers = helpersFor(plan);

  const windowed = named ? plan.table(named.name).name : undefined;
  const windowOf = (name: string) => {
    if (name !== windowed) return { offset: 0, count: undefined };
    const total = plan.table(name).layout.rows;
    if (offset > total) throw new EngineError('BAD_USER_INPUT', `--offset: ${name} has ${fmt(total)} rows; offset ${fmt(offset)} is past its end`, '--offset');
    if (rows !== undefined && offset + rows > total) {
      throw new EngineError('BAD_USER_INPUT', `--rows: ${name} has ${fmt(total)} rows (its size follows its parent rows): ask for ${fmt(total - offset)} or fewer from offset ${fmt(offset)}`, '--rows');
    }
    return { offset, count: rows ?? total - offset };
  };

  const out = flags.out ?? '.';
  const selected = flags.table !== undefined ? [plan.table(flags.table).name] : plan.order;
  const dataOnly = flags['data-only'] === true;
  const options = (name: string) => ({ dialect, helpers, output, dataOnly, ...windowOf(name) });
  if (shard) {
    const whole = format === 'sql' && flags.table === undefined;
    const files = whole
      ? [{ name: `${doc.name || 'blueprint'}.sql`, pieces: blueprintSqlPieces(plan, dialect, { dataOnly }) }]
      : selected.map((name) => ({ name: fileNameOf(plan, name, format), pieces: tablePieces(plan, name, format, options(name)) }));
    return writeShards(plan, files, out, shard, { format, dialect, output, helpers });
  }
  const writing = { dialect, output, helpers };
  if (out === '-') {
    if (format === 'sql' && flags.table === undefined) return toStdout(writePieces(plan, blueprintSqlPieces(plan, dialect, { dataOnly }), 'sql', writing, stdoutWriter(helpers !== undefined)));
    if (selected.length !== 1) throw new UsageError('--out - writes one table: name it with --table');
    return toStdout(writePieces(plan, tablePieces(plan, selected[0], format, options(selected[0])), format, writing, stdoutWriter(helpers !== undefined)));
  }
  mkdirSync(out, { recursive: true });
  if (formats.length > 1) {
    // Every file of every format from one generation of each table (see writeFilesOnce).
    const files = formats.flatMap((f): { name: string; format: Format; pieces: StreamPiece[]; rows?: number }[] => f === 'sql' && flags.table === undefined
      ? [{ name: `${doc.name || 'blueprint'}.sql`, format: f, pieces: blueprintSqlPieces(plan, dialect, { dataOnly }) }]
      : selected.map((name) => ({ name: fileNameOf(plan, name, f), format: f, pieces: tablePieces(plan, name, f, options(name)), rows: options(name).count ?? plan.table(name).layout.rows })));
    const targets = files.map((f) => path.join(out, f.name));
    await writeFilesOnce(plan, files.map((f, i) => ({ format: f.format, pieces: f.pieces, target: createWriteStream(targets[i]) })), { dialect, output, helpers });
    files.forEach((f, i) => process.stderr.write(f.rows === undefined ? `wrote ${targets[i]}\n` : `wrote ${targets[i]} (${fmt(f.rows)} rows)\n`));
    return;
  }
  if (format === 'sql' && flags.table === undefined) {
    const target = path.join(out, `${doc.name || 'blueprint'}.sql`);
    await writeFile(target, (writer) => writePieces(plan, blueprintSqlPieces(plan, dialect, { dataOnly }), 'sql', writing, writer));
    process.stderr.write(`wrote ${target}\n`);
    return;
  }
  for (const name of selected) {
    const target = path.join(out, fileNameOf(plan, name, format));
    const window = options(name);
    await writeFile(target, (writer) => writePieces(plan, tablePieces(plan, name, format, window), format, writing, writer));
    process.stderr.write(`wrote ${target} (${fmt(window.count ?? plan.table(name).layout.rows)} rows)\n`);
  }
}

/** 1234567 → 1,234,567, as `toLocaleString('en-US')` writes it, without starting Intl (tens of ms, once per process). */
const fmt = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function toStdout(writing: Promise<void>): Promise<void> {
  try {
    await writing;
  } catch (e) {
    // A closed pipe (`seedbed generate … | head`) is a normal way to stop.
    if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
  }
}
