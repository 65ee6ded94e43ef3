/**
 * GET /api/v1/blueprints/:id/rows.{csv,tsv,json,ndjson,sql}?table=&count=&seed=&offset=&dialect=
 * Instant generation for scripts: streamed as it is generated, with
 * backpressure; a client that disconnects stops the generation.
 */
import { pipeline } from 'node:stream';
import express, { type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { contentTypeOf, fileNameOf, FORMATS, streamTable, type Format } from '../engine';
import { DIALECTS, type Dialect } from '../engine/generators/types';
import { AppError, badInput } from '../graphql/errors';
import { createLoaders } from '../graphql/loaders';
import { fromEngineError } from '../modules/generation/engine-errors';
import { refuseLongReplay, tableOf } from '../modules/generation/generation.service';
import type { Services } from '../services';
import { actorOf } from './authenticate';
import { sendAppError } from './send-error';

function whole(req: Request, name: string, min: number): number | undefined {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || !Number.isSafeInteger(value) || value < min) throw badInput(name, `must be a whole number of at least ${min}`);
  return value;
}

/** `threads`: engine worker threads for large requests (small ones are generated in this thread). */
export function rowsRoute(services: Services, db: DataSource, maxRows: number, threads: number) {
  const router = express.Router();
  router.get('/api/v1/blueprints/:id/rows.:format', async (req: Request, res: Response, next) => {
    try {
      const format = String(req.params.format) as Format;
      if (!FORMATS.includes(format)) throw badInput('format', `must be one of ${FORMATS.join(', ')}`);
      const dialect = (req.query.dialect ?? 'postgres') as Dialect;
      if (!DIALECTS.includes(dialect)) throw badInput('dialect', `must be one of ${DIALECTS.join(', ')}`);
      const offset = whole(req, 'offset', 0) ?? 0;
      const count = whole(req, 'count', 0);
      const seed = whole(req, 'seed', 0);

      const scope = { actor: actorOf(res), loaders: createLoaders(db) };
      const plan = await services.generation.plan(scope, { blueprintId: String(req.params.id), seed });
      const table = tableOf(plan, req.query.table as string | undefined, 'table');
      refuseLongReplay(plan, table, offset, 'offset');
      const rows = count ?? Math.max(0, plan.table(table).layout.rows - offset);
      if (rows > maxRows) throw badInput(count === undefined ? 'table' : 'count', `at most ${maxRows} rows per request: pass count=${maxRows} or less, or start a run`);

      const stream = streamTable(plan, table, format, { offset, count: rows, dialect, workers: threads });
      res.status(200);
      res.setHeader('content-type', contentTypeOf(format));
      res.setHeader('content-disposition', `attachment; filename="${fileNameOf(plan, table, format)}"`);
      res.setHeader('cache-control', 'no-store');
      // pipeline destroys the generator when the client goes away.
      pipeline(stream, res, (error) => {
        if (!error) return;
        const mapped = fromEngineError(error);
        if (!res.headersSent && mapped instanceof AppError) sendAppError(res, mapped);
        else res.destroy();
      });
    } catch (error) {
      const mapped = fromEngineError(error);
      if (mapped instanceof AppError) sendAppError(res, mapped);
      else next(mapped);
    }
  });
  return router;
}
