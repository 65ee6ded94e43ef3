/**
 * GET /api/v1/blueprints/:id/rows.{csv,tsv,json,ndjson,sql}?table=&count=&seed=&offset=&dialect=
 *     &delimiter=&header=&lineEnding=&nullMarker=&pretty=&escapeFormulas=
 * Instant generation for scripts: streamed as it is generated, with
 * backpressure; a client that disconnects stops the generation. `offset`
 * and `count` are a window of rows (see GenerationService#window); the
 * table's real row count is in the `x-total-rows` header.
 */
import { pipeline } from 'node:stream';
import express, { type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { contentTypeOf, DIALECTS, fileNameOf, FORMATS, outputIssues, streamTable, type Dialect, type Format, type OutputOptions } from '../engine';
import { badInput, invalidInput } from '../errors';
import { createLoaders } from '../loaders';
import { refuseLongReplay } from '../modules/generation/generation.service';
import type { Services } from '../services';
import { actorOf } from './authenticate';

/** GraphQL's Int, which the seed is everywhere else. */
const MAX_SEED = 2_147_483_647;

/** A query parameter given at most once: `?table=a&table=b` arrives as an array. */
function single(req: Request, name: string): string | undefined {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badInput(name, 'must be given once');
  return raw;
}

/** A whole number in [min, max]; one past `max` is told the bound it broke (a count's own, finer check may follow: give it no max). */
function whole(req: Request, name: string, min: number, max = Infinity): number | undefined {
  const raw = single(req, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw badInput(name, max === Infinity ? `must be a whole number of at least ${fmt(min)}` : `must be a whole number from ${fmt(min)} to ${fmt(max)}`);
  }
  if (value > max) throw badInput(name, `must be at most ${fmt(max)}`);
  return value;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** `true`/`false` (also 1/0), or undefined when not given; anything else stays as it is, for outputIssues to name. */
function flag(req: Request, name: string): boolean | string | undefined {
  const raw = single(req, name);
  if (raw === undefined) return undefined;
  return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
}

/** The output options of the query, each validated at its parameter's name. */
function outputOf(req: Request, format: Format): OutputOptions | undefined {
  const given = {
    delimiter: single(req, 'delimiter'),
    header: flag(req, 'header'),
    lineEnding: single(req, 'lineEnding'),
    nullMarker: single(req, 'nullMarker'),
    pretty: flag(req, 'pretty'),
    escapeFormulas: flag(req, 'escapeFormulas'),
  };
  const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  if (!Object.keys(options).length) return undefined;
  const issues = outputIssues(options, [format]);
  if (issues.length) throw invalidInput(issues);
  return options as OutputOptions;
}

/** `threads`: engine worker threads a request's rows are made in (never this thread, however few the rows). */
export function rowsRoute(services: Services, db: DataSource, maxRows: number, threads: number) {
  const router = express.Router();
  // Errors go to the app's error handler: Express 5 forwards a rejected handler.
  router.get('/api/v1/blueprints/:id/rows.:format', async (req: Request, res: Response, next) => {
    const format = String(req.params.format) as Format;
    if (!FORMATS.includes(format)) throw badInput('format', `must be one of ${FORMATS.join(', ')}`);
    const dialect = (single(req, 'dialect') ?? 'postgres') as Dialect;
    if (!DIALECTS.includes(dialect)) throw badInput('dialect', `must be one of ${DIALECTS.join(', ')}`);
    const offset = whole(req, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0;
    const count = whole(req, 'count', 0);
    const seed = whole(req, 'seed', 0, MAX_SEED);
    const output = outputOf(req, format);
    if (count !== undefined && count > maxRows) throw badInput('count', `at most ${fmt(maxRows)} rows per request: pass count=${fmt(maxRows)} or less, or start a run`);

    const scope = { actor: actorOf(res), loaders: createLoaders(db) };
    const paths = { table: 'table', offset: 'offset', count: 'count' };
    const window = await services.generation.window(scope, { blueprintId: String(req.params.id), seed, table: single(req, 'table'), offset, count, paths });
    const { plan, table } = window;
    refuseLongReplay(plan, table, offset, 'offset');
    const rows = window.count;
    if (rows > maxRows) throw badInput('table', `${table} has ${fmt(rows)} rows from offset ${fmt(offset)}; at most ${fmt(maxRows)} per request: pass count=${fmt(maxRows)} or less, or start a run`);

    const stream = streamTable(plan, table, format, { offset, count: rows, dialect, workers: threads, offThread: true, output });
    res.status(200);
    res.setHeader('x-total-rows', String(plan.table(table).layout.rows));
    res.setHeader('content-type', contentTypeOf(format));
    res.setHeader('content-disposition', `attachment; filename="${fileNameOf(plan, table, format)}"`);
    res.setHeader('cache-control', 'no-store');
    // pipeline destroys the generator when the client goes away.
    // A failure before the first byte still gets its JSON error; after it, the handler cuts the stream.
    pipeline(stream, res, (error) => {
      if (error && !res.destroyed) next(error);
    });
  });
  return router;
}
