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
 *
 * s3rver's filesystem store also has folders where S3 has none, and its
 * writes do not handle their stream's errors: a folder removed while a
 * write into it opens its file throws ENOENT out of the process hosting
 * s3rver (the jest worker, which then fails the whole suite). A cancelled
 * run's objects are deleted while its shards still go up, so here no folder
 * is ever removed: a delete unlinks the object's files and an abort the
 * upload's, and the empty folders stay until `stop`.
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

/** Removes the files in a folder, the `key` that marks an open upload first, and keeps the folder. */
function emptyFolder(folder: string) {
  rmSync(path.join(folder, 'key'), { force: true });
  for (const name of existsSync(folder) ? readdirSync(folder) : []) rmSync(path.join(folder, name), { recursive: true, force: true });
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
      emptyFolder(path.join(uploads, uploadId));
      ctx.status = 204;
      return;
    }
    await next();
    // A part that arrived as its upload was aborted is not kept.
    if (ctx.method === 'PUT' && !isOpen(uploadId)) {
      emptyFolder(path.join(uploads, uploadId));
      noSuchUpload(ctx);
    }
  });
  // An object's delete without s3rver's removal of the folders it leaves empty (see above).
  const store = server.store;
  store.deleteObject = async (bucketName: string, key: string) => {
    for (const resource of ['object', 'object.md5', 'metadata.json']) rmSync(store.getResourcePath(bucketName, key, resource), { force: true });
  };
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
