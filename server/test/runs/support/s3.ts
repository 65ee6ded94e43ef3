/**
 * An S3-protocol server on loopback for tests and benches: s3rver (from the
 * npm registry, runs offline) with one bucket, its files in a folder of its
 * own. It accepts any credentials, so signing is tested apart.
 *
 * s3rver 3 cannot abort a multipart upload (it answers 405, so an upload
 * stays open for ever) and cannot list the open ones. In front of it, this
 * answers AbortMultipartUpload as S3 does (204, the upload and its parts
 * gone; NoSuchUpload for an unknown one), refuses parts and completions of
 * an upload that is not open, and `openUploads` lists the open ones from
 * s3rver's folder: so a test can see that a run left none behind.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The environment a worker needs to use it as its artifact store, under `prefix`. */
  env(prefix: string): Record<string, string>;
  /** The multipart uploads started and neither completed nor aborted, whose key starts with `prefix`. */
  openUploads(prefix?: string): { uploadId: string; key: string }[];
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  query: Record<string, unknown>;
  status: number;
  type: string;
  body: unknown;
}

const NO_SUCH_UPLOAD = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';

export async function startS3Server(bucket = 'seedbed-test'): Promise<S3Server> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 'seedbed-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // Where s3rver keeps an upload's key and parts until it completes (its FilesystemStore's layout).
  const uploads = path.join(directory, bucket, '._S3rver_uploads');
  const isOpen = (uploadId: string) => existsSync(path.join(uploads, uploadId, 'key'));
  const noSuchUpload = (ctx: KoaContext) => {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = NO_SUCH_UPLOAD;
  };
  // First of Koa's middleware (composed when the server starts listening).
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId)) return next();
    if (!isOpen(uploadId)) return noSuchUpload(ctx);
    if (ctx.method === 'DELETE') {
      rmSync(path.join(uploads, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
    // A part that arrived as its upload was aborted is not kept (s3rver made the upload's folder again for it).
    if (ctx.method === 'PUT' && !isOpen(uploadId)) {
      rmSync(path.join(uploads, uploadId), { recursive: true, force: true });
      noSuchUpload(ctx);
    }
  });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      SEEDBED_ARTIFACT_STORE: `s3://${bucket}/${prefix}`,
      SEEDBED_S3_ENDPOINT: endpoint,
      SEEDBED_S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    openUploads: (prefix = '') =>
      (existsSync(uploads) ? readdirSync(uploads) : [])
        .flatMap((uploadId) => {
          try {
            return [{ uploadId, key: readFileSync(path.join(uploads, uploadId, 'key'), 'utf8') }];
          } catch {
            return []; // completed or aborted meanwhile, or a part's folder without its upload
          }
        })
        .filter((upload) => upload.key.startsWith(prefix)),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
