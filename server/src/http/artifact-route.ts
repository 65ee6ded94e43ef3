/**
 * GET /api/v1/runs/:id/files/:name — a run's file, for a member (session or
 * API key). Supports Range (206, or 416 when unsatisfiable) and conditional
 * requests on an ETag that is the file's SHA-256; an expired run's files
 * answer 410. Bytes come through this route from either store, rather than
 * by a redirect to a presigned S3 URL: the store's endpoint is often on a
 * private network users cannot reach, and access, expiry, the ETag and errors
 * stay one code path; Range is passed on to the store.
 */
import { pipeline } from 'node:stream';
import express, { type Request, type Response } from 'express';
import parseRange from 'range-parser';
import type { DataSource } from 'typeorm';
import { AppError, notFound } from '@seedbed/engine/errors';
import { createLoaders } from '../loaders';
import { ArtifactEntity } from '../modules/run/artifact.entity';
import type { Services } from '../services';
import { actorOf } from './authenticate';

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  sql: 'application/sql; charset=utf-8',
};

export function artifactRoute(services: Services, db: DataSource) {
  const router = express.Router();
  // Errors go to the app's error handler: Express 5 forwards a rejected handler.
  router.get('/api/v1/runs/:id/files/:name', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const name = String(req.params.name);
    const run = await services.runs.get({ actor: actorOf(res), loaders: createLoaders(db) }, id, 'VIEWER');
    if (run.status === 'EXPIRED') {
      throw new AppError('NOT_FOUND', `The files of run ${id} expired and were deleted.`, { expired: true }, 410);
    }
    // PostgreSQL refuses a NUL in text: such a name names no file, like any other we never made.
    const artifact = run.status === 'SUCCEEDED' && !name.includes('\0') ? await db.getRepository(ArtifactEntity).findOneBy({ runId: id, name }) : null;
    if (!artifact) throw notFound('File', name);

    const etag = `"${artifact.sha256}"`;
    res.setHeader('etag', etag);
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('content-disposition', `attachment; filename="${artifact.name}"`);
    res.setHeader('content-type', artifact.name.endsWith('.gz') ? 'application/gzip' : CONTENT_TYPES[artifact.format] ?? 'application/octet-stream');
    if (req.headers['if-none-match'] === etag) return void res.status(304).end();

    let start = 0;
    let end = artifact.size - 1;
    const rangeHeader = req.headers.range;
    // If-Range: a range of a file that changed since would be garbage; send the whole file instead.
    const ifRange = req.headers['if-range'];
    if (rangeHeader && (!ifRange || ifRange === etag)) {
      const ranges = parseRange(artifact.size, rangeHeader, { combine: true });
      if (ranges === -1 || ranges === -2 || ranges.length !== 1) {
        res.setHeader('content-range', `bytes */${artifact.size}`);
        throw new AppError('BAD_USER_INPUT', `Range ${rangeHeader} cannot be served from ${artifact.size} bytes (one satisfiable range only).`, { path: 'range' }, 416);
      }
      ({ start, end } = ranges[0]);
      res.status(206).setHeader('content-range', `bytes ${start}-${end}/${artifact.size}`);
    } else {
      res.status(200);
    }
    res.setHeader('content-length', end - start + 1);
    if (artifact.size === 0) return void res.end();
    // Proxied from the store (local folder or S3, ranged there too): one place checks access, expiry and the ETag.
    pipeline(await services.runFiles.read(id, artifact.name, { start, end }), res, () => {});
  });
  return router;
}
