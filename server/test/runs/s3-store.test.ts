/**
 * The S3 artifact store against s3rver: shards of 5 MiB or more (and the
 * last) become parts of the file's one multipart upload, smaller ones objects
 * of their own joined at completion; the recorded SHA-256 is the object's;
 * removing a run aborts its uploads and deletes its objects.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { RunsStore } from '../../src/modules/run/runs-store';
import { MIN_PART_BYTES, S3ArtifactStore } from '../../src/modules/run/s3-store';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';
import { startS3Server, type S3Server } from './support/s3';

let s3: S3Server;
let server: TestServer;
let client: S3Client;
let store: S3ArtifactStore;
let runId: string;
let spool: string;
/** Every S3 operation the store sent, with its input. */
const sent: { command: string; input: Record<string, unknown> }[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  // No worker takes the run: the test drives the store for it.
  server = await startTestServer({ env: { SEEDBED_RUN_WORKER: 'false' } });
  const owner = (await createUser(server.url)).client;
  const { id: projectId } = await createProject(owner);
  runId = (await startRun(owner, (await createBlueprint(owner, projectId, shopDocument())).id, { files: { formats: ['CSV'] } })).id;
  client = new S3Client({
    endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  client.middlewareStack.add((next, context) => async (args) => {
    sent.push({ command: String(context.commandName), input: args.input as Record<string, unknown> });
    return next(args);
  }, { step: 'initialize' });
  spool = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-spool-'));
  store = new S3ArtifactStore({ bucket: s3.bucket, prefix: 'files', region: 'us-east-1', endpoint: s3.endpoint }, new RunsStore(server.db), spool, client);
});
afterAll(async () => {
  await server.stop();
  await s3.stop();
  fs.rmSync(spool, { recursive: true, force: true });
});

const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `files/${runId}/` }))).Contents ?? []).map((o) => o.Key).sort();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function writeShard(name: string, index: number, count: number, bytes: Buffer) {
  const spool = await store.openShard({ runId, name }, index, count);
  fs.writeFileSync(spool.path, bytes);
  return spool.commit(bytes.length);
}

async function objectBytes(name: string): Promise<Buffer> {
  const { Body } = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `files/${runId}/${name}` }));
  return Buffer.from(await Body!.transformToByteArray());
}

it('completes a file of large shards from the parts of one upload, moving no bytes, and records the whole object\'s SHA-256', async () => {
  const shards = [Buffer.alloc(MIN_PART_BYTES, 'a'), Buffer.alloc(MIN_PART_BYTES + 10, 'b'), Buffer.from('the short last shard\n')];
  // Written in any order, as workers on several machines finish them.
  const outputs = [];
  for (const index of [1, 2, 0]) outputs[index] = await writeShard('big.csv', index, 3, shards[index]);
  expect(outputs.every((o) => o.etag)).toBe(true);
  expect(sent.filter((s) => s.command === 'CreateMultipartUploadCommand')).toHaveLength(1);
  sent.splice(0);
  const regenerate = jest.fn();
  const file = await store.complete({ runId, name: 'big.csv' }, outputs, regenerate);
  const whole = Buffer.concat(shards);
  expect(file).toEqual({ size: whole.length, sha256: sha256(whole) });
  expect(regenerate).not.toHaveBeenCalled();
  expect(sent.filter((s) => s.command === 'UploadPartCommand' || s.command === 'PutObjectCommand')).toEqual([]);
  // Every part went up from here: the hash was fed as they did, and nothing is read back.
  expect(sent.filter((s) => s.command === 'GetObjectCommand')).toEqual([]);
  expect(sha256(await objectBytes('big.csv'))).toBe(file.sha256);
  // The local copies are gone once hashed.
  expect(fs.readdirSync(spool)).toEqual([]);
});

it('keeps shards under 5 MiB as objects of their own and joins them at completion', async () => {
  const shards = [Buffer.from('id,name\n1,a\n'), Buffer.from('2,b\n'), Buffer.from('3,c\n')];
  const outputs = [];
  for (const [index, bytes] of shards.entries()) outputs.push(await writeShard('small.csv', index, 3, bytes));
  expect(outputs.map((o) => Boolean(o.etag))).toEqual([false, false, true]);
  expect(await keys()).toEqual([`files/${runId}/big.csv`, `files/${runId}/shards/small.csv.0`, `files/${runId}/shards/small.csv.1`]);
  // The last shard went up as a part, which cannot be read back: it is made again.
  const regenerate = jest.fn(async function* (index: number) {
    yield shards[index];
  });
  const file = await store.complete({ runId, name: 'small.csv' }, outputs, regenerate);
  expect(regenerate.mock.calls).toEqual([[2]]);
  expect(file).toEqual({ size: 20, sha256: sha256(Buffer.concat(shards)) });
  expect((await objectBytes('small.csv')).toString()).toBe('id,name\n1,a\n2,b\n3,c\n');
  await store.dropShards(runId);
  expect(await keys()).toEqual([`files/${runId}/big.csv`, `files/${runId}/small.csv`]);
});

it('aborts the uploads of a removed run and deletes its objects', async () => {
  // The last shard of two goes up as a part: the file's upload exists, unfinished.
  await writeShard('unfinished.csv', 1, 2, Buffer.from('the last shard\n'));
  const uploads = await new RunsStore(server.db).uploadsOf(runId);
  const unfinished = uploads.find((u) => u.name === 'unfinished.csv')!;
  expect(s3.openUploads(`files/${runId}/`)).toContainEqual({ uploadId: unfinished.uploadId, key: `files/${runId}/unfinished.csv` });
  sent.splice(0);
  await store.remove(runId);
  const aborted = sent.filter((s) => s.command === 'AbortMultipartUploadCommand').map((s) => s.input.UploadId);
  expect(aborted).toContain(unfinished.uploadId);
  expect(await keys()).toEqual([]);
  // Aborted in the store, not only asked: no upload of the run is left open.
  expect(s3.openUploads(`files/${runId}/`)).toEqual([]);
});

it('reads the object back for its SHA-256 when some parts were uploaded by another machine', async () => {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-spool-'));
  const other = new S3ArtifactStore({ bucket: s3.bucket, prefix: 'files', region: 'us-east-1', endpoint: s3.endpoint }, new RunsStore(server.db), elsewhere, client);
  try {
    const shards = [Buffer.alloc(MIN_PART_BYTES, 'c'), Buffer.alloc(MIN_PART_BYTES, 'd'), Buffer.from('last\n')];
    const outputs = [];
    const first = await other.openShard({ runId, name: 'shared.csv' }, 0, 3);
    fs.writeFileSync(first.path, shards[0]);
    outputs[0] = await first.commit(shards[0].length);
    for (const index of [1, 2]) outputs[index] = await writeShard('shared.csv', index, 3, shards[index]);
    sent.splice(0);
    const file = await store.complete({ runId, name: 'shared.csv' }, outputs, jest.fn());
    expect(file).toEqual({ size: Buffer.concat(shards).length, sha256: sha256(Buffer.concat(shards)) });
    expect(sent.filter((s) => s.command === 'GetObjectCommand')).toHaveLength(1);
    // Neither machine keeps a copy: this one gave its waiting shards up, the other drops its hash with the run's shards.
    expect(fs.readdirSync(spool)).toEqual([]);
    await other.dropShards(runId);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});
