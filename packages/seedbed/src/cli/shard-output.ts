/**
 * `seedbed generate … --shard I/N`: shard I (from 0) of N of every file the
 * same command writes without `--shard`, cut at row boundaries, so the N
 * shards of a file joined in index order are that file byte for byte. Each
 * shard is a file `NAME.shard-I-of-N` (I padded to N's digits, so a glob
 * lists them in order for `cat`) in a folder, an object of that name under
 * an `s3://bucket/prefix`, or standard output.
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { pieceRows, shardPieces, streamPieces, writePieces, type ChunkWorkerPool, type Dialect, type Format, type OutputOptions, type Plan, type StreamPiece } from '@seedbed/engine';
import { s3LocationOf, type S3Settings } from '../settings';
import { UsageError } from './usage';
import { stdoutWriter, writeFile } from './fd-writer';

/** Shards one generation may be cut into: beyond this each shard is a handful of rows and the join dominates. */
export const MAX_SHARDS = 100_000;

export interface Shard {
  index: number;
  count: number;
}

/** `I/N` with 0 ≤ I < N ≤ MAX_SHARDS. */
export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(text.trim());
  if (!match) throw new UsageError(`--shard must be I/N (shard I of N, counted from 0), got "${text}"`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1 || count > MAX_SHARDS) throw new UsageError(`--shard: N must be from 1 to ${MAX_SHARDS.toLocaleString('en-US')}, got ${count}`);
  if (index >= count) throw new UsageError(`--shard: I counts from 0 and must be below N (${count}), got ${index}`);
  return { index, count };
}

export function shardFileName(file: string, { index, count }: Shard): string {
  const width = String(count - 1).length;
  return `${file}.shard-${String(index).padStart(width, '0')}-of-${count}`;
}

export interface ShardFile {
  /** The whole file's name (`users.csv`, `shop.sql`). */
  name: string;
  pieces: StreamPiece[];
}

export interface ShardSettings {
  format: Format;
  dialect: Dialect;
  output?: OutputOptions;
  helpers?: ChunkWorkerPool;
}

/** Writes this shard of each file to `out` (a folder, `s3://bucket/prefix`, or `-`). */
export async function writeShards(plan: Plan, files: ShardFile[], out: string, shard: Shard, settings: ShardSettings): Promise<void> {
  const piecesOf = (file: ShardFile) => shardPieces(file.pieces, shard.index, shard.count);
  if (out === '-') {
    if (files.length !== 1) throw new UsageError('--out - writes one file: name a table with --table');
    await writePieces(plan, piecesOf(files[0]), settings.format, settings, stdoutWriter(settings.helpers !== undefined));
    return;
  }
  const s3 = out.startsWith('s3://') ? s3LocationOf(out, process.env, '--out') : undefined;
  const client = s3 && s3Client(s3);
  if (!s3) mkdirSync(out, { recursive: true });
  for (const file of files) {
    const name = shardFileName(file.name, shard);
    const pieces = piecesOf(file);
    const rows = pieceRows(pieces);
    if (client && s3) {
      const key = [s3.prefix, name].filter(Boolean).join('/');
      await uploadStream(client, s3.bucket, key, streamPieces(plan, pieces, settings.format, settings));
      process.stderr.write(`wrote s3://${s3.bucket}/${key} (${rows.toLocaleString('en-US')} rows)\n`);
    } else {
      const target = path.join(out, name);
      await writeFile(target, (writer) => writePieces(plan, pieces, settings.format, settings, writer));
      process.stderr.write(`wrote ${target} (${rows.toLocaleString('en-US')} rows)\n`);
    }
  }
}

/** The AWS SDK (~0.3 s to load) only for an `s3://` output, never on `generate`'s path to files. */
const sdk = () => require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');

function s3Client(location: S3Settings): S3Client {
  const { S3Client } = sdk();
  // The SDK is pinned to a release that runs on Node 20: its nag about that is known.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: location.region,
    credentials: location.credentials,
    endpoint: location.endpoint,
    forcePathStyle: Boolean(location.endpoint),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Parts of a shard object: S3 wants every part but the last to be at least 5 MiB. */
const PART_BYTES = 8 << 20;

/** One object from a stream of unknown length: a single PUT when it fits one part, else a multipart upload (aborted on failure). */
async function uploadStream(client: S3Client, bucket: string, key: string, stream: Readable): Promise<void> {
  const { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } = sdk();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let uploadId: string | undefined;
  const parts: { PartNumber: number; ETag?: string }[] = [];
  const flush = async () => {
    const body = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))).UploadId;
    const PartNumber = parts.length + 1;
    const { ETag } = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }));
    parts.push({ PartNumber, ETag });
  };
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= PART_BYTES) await flush();
    }
    if (uploadId === undefined) {
      const body = Buffer.concat(pending);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length }));
      return;
    }
    if (pendingBytes > 0) await flush();
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => {});
    throw error;
  }
}
