/**
 * `seedbed generate --shard I/N` as a batch system runs it: one process per
 * shard, each writing its part to a shared folder or to an S3-compatible
 * store (s3rver), then the parts joined in order equal the single run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// The SDK is pinned to a release that runs on Node 20: its nag about that is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { shop } from '../engine/helpers';
import { startS3Server, type S3Server } from '../runs/support/s3';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'server/bin/seedbed.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-shard-'));
const blueprint = path.join(dir, 'shop.json');
fs.writeFileSync(blueprint, JSON.stringify(shop(120)));

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server('shards');
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the command in its own process (as an Indexed Job's pod would), resolving to its exit code and output. */
function seedbed(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

const read = (file: string) => fs.readFileSync(file);
// Each test starts several seedbed processes at once (about 1 s of start-up each on a quiet machine, far more on a busy one).
jest.setTimeout(120_000);

it('writes NAME.shard-I-of-N files to a folder whose cat equals the single run (3 processes at once)', async () => {
  const whole = path.join(dir, 'whole');
  const parts = path.join(dir, 'parts');
  expect((await seedbed(['generate', blueprint, '--format', 'csv', '--out', whole, '--workers', '1'])).code).toBe(0);
  const runs = await Promise.all([0, 1, 2].map((i) => seedbed(['generate', blueprint, '--format', 'csv', '--out', parts, '--shard', `${i}/3`, '--workers', '1'])));
  expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
  for (const name of ['users.csv', 'orders.csv', 'order_items.csv']) {
    const shards = [0, 1, 2].map((i) => read(path.join(parts, `${name}.shard-${i}-of-3`)));
    expect(Buffer.concat(shards).equals(read(path.join(whole, name)))).toBe(true);
  }
  expect(runs[1].stderr).toMatch(/wrote .*users\.csv\.shard-1-of-3 \(40 rows\)/);
});

it('writes one object per shard to s3://bucket/prefix, and to standard output with --out -', async () => {
  const env = s3.env('unused');
  delete env.SEEDBED_ARTIFACT_STORE;
  const single = await seedbed(['generate', blueprint, '--format', 'sql', '--dialect', 'mysql', '--out', '-', '--table', 'orders']);
  expect(single.code).toBe(0);
  const runs = await Promise.all([0, 1, 2, 3, 4].map((i) => seedbed(['generate', blueprint, '--format', 'sql', '--dialect', 'mysql', '--table', 'orders', '--out', `s3://${s3.bucket}/job-7`, '--shard', `${i}/5`], env)));
  expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'job-7/' }));
  const keys = (listed.Contents ?? []).map((o) => o.Key!).sort();
  expect(keys).toEqual([0, 1, 2, 3, 4].map((i) => `job-7/orders.sql.shard-${i}-of-5`));
  const bodies = await Promise.all(keys.map(async (Key) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }))).Body!.transformToByteArray())));
  expect(Buffer.concat(bodies).equals(single.stdout)).toBe(true);
  // The same shard to standard output is the same bytes as its object.
  const third = await seedbed(['generate', blueprint, '--format', 'sql', '--dialect', 'mysql', '--table', 'orders', '--out', '-', '--shard', '2/5']);
  expect(third.stdout.equals(bodies[2])).toBe(true);
});

it('refuses a shard outside its count or in another shape (exit 2)', () => {
  for (const shard of ['3/3', '1/0', 'a/b', '-1/3', '1/100001']) {
    const result = spawnSync(process.execPath, [BIN, 'generate', blueprint, '--shard', shard, '--out', '-', '--table', 'users'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--shard');
  }
});
