/**
 * POST /api/v1/imports/preview?source=JSON_SAMPLE|CSV_SAMPLE[&name=]
 * A sample too large for a GraphQL request (PRODUCT.md §9's body limit), sent
 * as the raw request body and read as it arrives: the answer is what
 * `importPreview` answers — `{ document, report, skipped }` — and the
 * document is then saved with `createBlueprint`. Mounted before the JSON body
 * parser, which would otherwise read (and refuse) the body first.
 */
import express, { type Request } from 'express';
import { AppError, badInput } from '../errors';
import { createLoaders } from '../loaders';
import type { RateLimiter } from '../modules/api-key/rate-limit';
import type { Services } from '../services';
import type { DataSource } from 'typeorm';
import { actorOf, authenticateRequests } from './authenticate';
import type { OperationBudget } from './operation-budget';

export const SAMPLE_UPLOAD_PATH = '/api/v1/imports/preview';
const SAMPLE_SOURCES = ['JSON_SAMPLE', 'CSV_SAMPLE'] as const;

function query(req: Request, name: string): string | undefined {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badInput(name, `${name} must be given once.`);
  return raw;
}

export function sampleUploadRoute(services: Services, db: DataSource, limiter: RateLimiter, budget: OperationBudget, maxBytes: number) {
  const router = express.Router();
  router.post(SAMPLE_UPLOAD_PATH, authenticateRequests(services, limiter), async (req, res) => {
    // An answer given before the whole body arrived (a refusal) closes the connection: nobody reads
    // the rest, and a client still sending would wait on a socket that no longer drains.
    res.setHeader('connection', 'close');
    const source = query(req, 'source');
    if (!SAMPLE_SOURCES.includes(source as (typeof SAMPLE_SOURCES)[number])) throw badInput('source', `source must be one of ${SAMPLE_SOURCES.join(', ')}.`);
    // Refused before a byte is read when the size is declared; a body without one is counted as it arrives.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The sample has ${declared.toLocaleString('en-US')} bytes; an uploaded sample has at most ${maxBytes.toLocaleString('en-US')}.`, { path: 'body' });
    }
    const actor = actorOf(res);
    await budget.charge(actor, 1, 1);
    // The client going away stops the import: its body ends, and a place in line is given up.
    const gone = new AbortController();
    res.once('close', () => res.writableFinished || gone.abort(new Error('the client went away')));
    const result = await services.imports.previewSample({ actor, loaders: createLoaders(db) }, source as (typeof SAMPLE_SOURCES)[number], req, query(req, 'name'), gone.signal);
    res.status(200).json(result);
  });
  return router;
}
