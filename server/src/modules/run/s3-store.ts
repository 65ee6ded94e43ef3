/**
 * Run files in an S3-compatible store (SEEDBED_ARTIFACT_STORE=s3://bucket/prefix).
 * Each file is one multipart upload shared by every worker: a shard is
 * uploaded as part `index + 1`, so completing the file moves no bytes.
 *
 * S3 wants every part but the last to be at least 5 MiB. A shard smaller than
 * that (a narrow table, or small SEEDBED_SHARD_ROWS) is put as an object of
 * its own instead; a file with such shards is then joined by streaming them,
 * in 8 MiB parts, into a fresh upload (bytes move, but only for such files);
 * a shard of such a file that had gone up as a part is made again from the
 * plan, since an unfinished upload's parts cannot be read.
 */
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import { keyOf, partOf, type ArtifactStore, type FileKey, type ShardSpool } from './artifact-store';
import { OrderedHash } from './ordered-hash';
import type { RunsStore } from './runs-store';
import type { ShardOutput } from './shards-store';

export type S3Location = S3Settings;

/** S3's smallest part but the last. */
export const MIN_PART_BYTES = 5 << 20;
/** Parts of a file joined by streaming. */
const JOIN_PART_BYTES = 8 << 20;
/** Files whose hash one process feeds at once, beyond which the oldest is given up (its run likely ended elsewhere). */
const MAX_HASHES = 16;

export class S3ArtifactStore implements ArtifactStore {
  readonly client: S3Client;
  /** SHA-256s fed with the parts this process uploads, by run and file name (see ordered-hash.ts). */
  private readonly hashes = new Map<string, OrderedHash>();

  /** `spoolDir`: where a shard waits, on this machine, until it is uploaded. */
  constructor(
    private readonly location: S3Location,
    private readonly runs: RunsStore,
    private readonly spoolDir = tmpdir(),
    client?: S3Client,
  ) {
    // The SDK is pinned to a release that runs on Node 20 (later ones need 22): its nag about that is known.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    // Credentials from the usual AWS variables as the config read them, else the SDK's chain (profile, instance role).
    // Checksums only where S3 requires them: the SDK's default streams bodies as `aws-chunked` with a trailing
    // CRC, which S3-compatible stores (s3rver among them) store verbatim, framing included.
    this.client =
      client ??
      new S3Client({
        region: location.region,
        credentials: location.credentials,
        endpoint: location.endpoint,
        forcePathStyle: Boolean(location.endpoint),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  private key(runId: string, name: string): string {
    return [this.location.prefix, runId, name].filter(Boolean).join('/');
  }

  private async uploadId(file: FileKey): Promise<string> {
    const known = await this.runs.uploadOf(file.runId, file.name);
    if (known) return known;
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.location.bucket, Key: this.key(file.runId, file.name) }));
    const kept = await this.runs.upload(file.runId, file.name, UploadId!);
    // Another worker started the file's upload first: use its, drop ours.
    if (kept !== UploadId) await this.abort(file, UploadId!);
    return kept;
  }

  private async abort(file: FileKey, uploadId: string): Promise<void> {
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket: this.location.bucket, Key: this.key(file.runId, file.name), UploadId: uploadId }))
      .catch(() => {}); // already completed or aborted
  }

  get diskDir(): string {
    return this.spoolDir;
  }

  async openShard(file: FileKey, index: number, count: number): Promise<ShardSpool> {
    // Spooled to a local file: an upload needs its length first, and memory stays flat.
    await fs.mkdir(this.spoolDir, { recursive: true, mode: 0o700 });
    const spool = partOf(path.join(this.spoolDir, `${file.runId}.${file.name}.${index}`));
    return {
      path: spool,
      commit: async (size) => {
        let kept = false;
        try {
          const body = () => createReadStream(spool);
          if (size >= MIN_PART_BYTES || index === count - 1) {
            const UploadId = await this.uploadId(file);
            const { ETag } = await this.client.send(
              new UploadPartCommand({ Bucket: this.location.bucket, Key: this.key(file.runId, file.name), UploadId, PartNumber: index + 1, Body: body(), ContentLength: size }),
            );
            // The copy uploaded feeds the file's SHA-256 in order, so completing it reads nothing back.
            this.hashOf(file).offer(index, spool);
            kept = true;
            return { size, etag: ETag };
          }
          await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: this.key(file.runId, `shards/${file.name}.${index}`), Body: body(), ContentLength: size }));
          return { size };
        } finally {
          if (!kept) await fs.rm(spool, { force: true });
        }
      },
      abort: () => fs.rm(spool, { force: true }),
    };
  }

  async complete(file: FileKey, shards: ShardOutput[], regenerate: (index: number) => AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
    const Bucket = this.location.bucket;
    const Key = this.key(file.runId, file.name);
    const uploadId = await this.runs.uploadOf(file.runId, file.name);
    if (uploadId && shards.every((s) => s.etag)) {
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: shards.map((s, i) => ({ PartNumber: i + 1, ETag: s.etag })) } }),
      );
      const hashed = this.hashes.get(keyOf(file));
      this.hashes.delete(keyOf(file));
      const known = await hashed?.digest(shards.map((s) => s.size));
      if (known) return known;
      await hashed?.discard();
      // Parts made elsewhere (or before a restart): the SHA-256 of the whole object, read back once in order.
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of (await this.getObject(Key)) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
      }
      return { size, sha256: hash.digest('hex') };
    }
    if (uploadId) await this.abort(file, uploadId);
    const shardBytes = async function* (this: S3ArtifactStore) {
      for (const [index, shard] of shards.entries()) {
        if (shard.etag) yield* regenerate(index);
        else yield* (await this.getObject(this.key(file.runId, `shards/${file.name}.${index}`))) as AsyncIterable<Buffer>;
      }
    }.call(this);
    return this.upload(Key, shardBytes);
  }

  /** Streams `bytes` into a new object in 8 MiB parts, hashing them on the way. */
  private async upload(Key: string, bytes: AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
    const Bucket = this.location.bucket;
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const hash = createHash('sha256');
    const parts: { PartNumber: number; ETag?: string }[] = [];
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const Body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.length }));
      parts.push({ PartNumber, ETag });
    };
    try {
      for await (const chunk of bytes) {
        hash.update(chunk);
        size += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= JOIN_PART_BYTES) await flush();
      }
      if (pendingBytes > 0 || parts.length === 0) await flush();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  private async getObject(Key: string, Range?: string): Promise<Readable> {
    const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key, Range }));
    return Body as Readable;
  }

  read(file: FileKey, range: { start: number; end: number }): Promise<Readable> {
    return this.getObject(this.key(file.runId, file.name), `bytes=${range.start}-${range.end}`);
  }

  /** The hash this process feeds for `file`, started on its first part here. */
  private hashOf(file: FileKey): OrderedHash {
    let hash = this.hashes.get(keyOf(file));
    if (!hash) {
      hash = new OrderedHash();
      this.hashes.set(keyOf(file), hash);
      if (this.hashes.size > MAX_HASHES) {
        const [oldest, dropped] = this.hashes.entries().next().value!;
        this.hashes.delete(oldest);
        void dropped.discard();
      }
    }
    return hash;
  }

  private async forget(runId: string): Promise<void> {
    for (const [key, hash] of this.hashes) {
      if (!key.startsWith(`${runId}/`)) continue;
      this.hashes.delete(key);
      await hash.discard();
    }
  }

  async dropShards(runId: string): Promise<void> {
    await this.forget(runId);
    await this.deleteUnder(this.key(runId, 'shards/'));
  }

  async remove(runId: string): Promise<void> {
    await this.forget(runId);
    for (const { name, uploadId } of await this.runs.uploadsOf(runId)) await this.abort({ runId, name }, uploadId);
    await this.deleteUnder(`${this.key(runId, '')}/`);
  }

  private async deleteUnder(Prefix: string): Promise<void> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix, ContinuationToken }));
      // One at a time: DeleteObjects needs a Content-MD5 some S3-compatible stores reject without.
      for (const object of page.Contents ?? []) await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: object.Key }));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }
}
