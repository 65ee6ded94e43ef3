/**
 * GET /api/v1/blueprints/:id/rows.{csv,tsv,json,ndjson,sql}?table=&count=&seed=&offset=&dialect=
 * Instant generation for scripts: streamed as it is generated, with
 * backpressure; a client that disconnects stops the generation.
 */
import { pipeline } from 'node:stream';
import express, { type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { contentTypeOf, DIALECTS, fileNameOf, FORMATS, streamTable, type Dialect, type Format } from '../engine';
import { badInput } from '../errors';
import { createLoaders } from '../loaders';
import { refuseLongReplay, tableOf } from '../modules/generation/generation.service';
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

function whole(req: Request, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = single(req, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw badInput(name, max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** `threads`: engine worker threads for large requests (small ones are generated in this thread). */
export function rowsRoute(services: Services, db: DataSource, maxRows: number, threads: number) {
  const router = express.Router();
  // Errors go to the app's error handler: Express 5 forwards a rejected handler.
  router.get('/api/v1/blueprints/:id/rows.:format', async (req: Request, res: Response, next) => {
    const format = String(req.params.format) as Format;
    if (!FORMATS.includes(format)) throw badInput('format', `must be one of ${FORMATS.join(', ')}`);
    const dialect = (single(req, 'dialect') ?? 'postgres') as Dialect;
    if (!DIALECTS.includes(dialect)) throw badInput('dialect', `must be one of ${DIALECTS.join(', ')}`);
    const offset = whole(req, 'offset', 0) ?? 0;
    const count = whole(req, 'count', 0);
    const seed = whole(req, 'seed', 0, MAX_SEED);

    const scope = { actor: actorOf(res), loaders: createLoaders(db) };
    const plan = await services.generation.plan(scope, { blueprintId: String(req.params.id), seed });
    const table = tableOf(plan, single(req, 'table'), 'table');
    refuseLongReplay(plan, table, offset, 'offset');
    const rows = count ?? Math.max(0, plan.table(table).layout.rows - offset);
    if (rows > maxRows) throw badInput(count === undefined ? 'table' : 'count', `at most ${maxRows} rows per request: pass count=${maxRows} or less, or start a run`);

    const stream = streamTable(plan, table, format, { offset, count: rows, dialect, workers: threads });
    res.status(200);
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
