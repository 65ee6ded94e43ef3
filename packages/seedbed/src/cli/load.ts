import { parseArgs } from 'node:util';
import { compileBlueprint, isPerParent, type Plan } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { loadInto } from '../load/load';
import { defaultLoadWorkers } from '../load/load-options';
import { loadIntoSqlite, sqlitePath } from '../load/sqlite-loader';
import { checkTarget } from '@seedbed/import';
import { parseInteger, readBlueprint } from './io';
import { EXIT, UsageError } from './usage';
import { documentLimits } from '../settings';

const LOAD_OPTIONS = {
  database: { type: 'string' },
  seed: { type: 'string' },
  truncate: { type: 'boolean' },
  rows: { type: 'string' },
  table: { type: 'string' },
  workers: { type: 'string' },
} as const;

/**
 * `seedbed load BLUEPRINT.json --database URL`: every table of the blueprint
 * into PostgreSQL, MySQL/MariaDB or a SQLite file, in one transaction. The target is the user's own machine
 * more often than not, so private addresses are allowed unless
 * SEEDBED_ALLOW_PRIVATE_TARGETS=false; the rest of the guard always applies.
 */
export async function load(args: string[]): Promise<number> {
  const { values: flags, positionals } = parseArgs({ args, options: LOAD_OPTIONS, allowPositionals: true });
  if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
  if (!flags.database) throw new UsageError('load needs --database postgres://user:password@host:5432/database, mysql://user:password@host:3306/database or sqlite:PATH');
  const rows = parseInteger('rows', flags.rows);
  const seed = parseInteger('seed', flags.seed);
  const workers = parseInteger('workers', flags.workers, 1);
  const doc = readBlueprint(positionals[0]);

  const tables = Array.isArray(doc.tables) ? doc.tables : [];
  const named = flags.table === undefined ? tables[0] : tables.find((t) => t?.name?.toLowerCase() === flags.table!.toLowerCase());
  if (flags.table !== undefined && !named) throw new UsageError(`no table "${flags.table}" in ${positionals[0]}`);
  if (flags.table !== undefined && rows === undefined) throw new UsageError('--table names the table --rows applies to; give --rows too');
  if (rows !== undefined && named && isPerParent(named.rows)) {
    throw new UsageError(`--rows: "${named.name}" is sized per row of "${named.rows.perParent}"; set that table's rows instead`);
  }
  const plan = compileBlueprint(doc, { seed, rowOverrides: rows !== undefined && named ? { [named.name]: rows } : {}, ...documentLimits(process.env) });

  const abort = new AbortController();
  const interrupt = () => abort.abort(new Error('interrupted: the load was rolled back'));
  process.once('SIGINT', interrupt);
  const bar = new ProgressBar(totalRows(plan));
  try {
    // A file on this machine (sqlite:PATH), or a server behind the guard.
    const file = sqlitePath(flags.database);
    const target = file ? undefined : await checkTarget(flags.database, { allowPrivate: process.env.SEEDBED_ALLOW_PRIVATE_TARGETS !== 'false', path: '--database' });
    const options = { truncate: flags.truncate, workers: workers ?? defaultLoadWorkers(target?.host, target?.engine), signal: abort.signal, onProgress: (done: number) => bar.update(done) };
    const result = target ? await loadInto(plan, target, options) : await loadIntoSqlite(plan, file!, options);
    bar.finish();
    const perTable = result.tables.map((t) => `${t.name} ${fmt(t.rows)}`).join(', ');
    process.stderr.write(`loaded ${fmt(result.rows)} rows into ${target ? `${target.servername}/${target.database}` : file} in ${bar.seconds()} s (${perTable})\n`);
    return EXIT.OK;
  } catch (error) {
    bar.finish();
    if (error instanceof AppError && (error.code === 'TARGET_REFUSED' || error.code === 'TARGET_UNREACHABLE')) {
      process.stderr.write(`seedbed: ${error.code}: ${error.message}\n`);
      return EXIT.TARGET;
    }
    if (abort.signal.aborted) {
      process.stderr.write(`seedbed: ${(abort.signal.reason as Error).message}\n`);
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
  }
}

const totalRows = (plan: Plan) => plan.order.reduce((sum, name) => sum + plan.table(name).layout.rows, 0);
const fmt = (n: number) => n.toLocaleString('en-US');

/** A one-line bar on a terminal's stderr; nothing when stderr is a file or a pipe (the summary line says it all). */
class ProgressBar {
  private readonly started = Date.now();
  private readonly tty = process.stderr.isTTY === true;
  private drawn = false;

  constructor(private readonly total: number) {}

  update(done: number): void {
    if (!this.tty) return;
    const width = Math.max(10, Math.min(40, (process.stderr.columns ?? 80) - 50));
    const share = this.total ? Math.min(1, done / this.total) : 1;
    const filled = Math.round(share * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${fmt(done)}/${fmt(this.total)} rows  ${this.seconds()} s`;
    process.stderr.write(`\r${line}\x1b[K`);
    this.drawn = true;
  }

  finish(): void {
    if (this.drawn) process.stderr.write('\r\x1b[K');
    this.drawn = false;
  }

  seconds(): string {
    return ((Date.now() - this.started) / 1000).toFixed(1);
  }
}
