/**
 * An S3-protocol server on loopback for tests and benches: s3rver (from the
 * npm registry, runs offline) with one bucket, its files in a folder of its
 * own. It accepts any credentials, so signing is tested apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The environment a worker needs to use it as its artifact store, under `prefix`. */
  env(prefix: string): Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'seedbed-test'): Promise<S3Server> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 'seedbed-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
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
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
