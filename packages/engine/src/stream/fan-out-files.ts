/**
 * Several files of one plan written together, each table's rows made once
 * for all of them: `seedbed generate --format csv,sql,ndjson` writes
 * users.csv, users.ndjson and the whole-blueprint SQL script from one
 * generation of users. Each file is a list of pieces (`tablePieces`,
 * `blueprintSqlPieces`), and its bytes are those of `streamPieces` over it.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import type { Format } from '../formats';
import type { OutputOptions } from '../formats/output';
import { ChunkEncoder, chunkRanges, DEFAULT_CHUNK_ROWS } from './chunks';
import { FanOutEncoder } from './fan-out';
import type { RowPiece, StreamPiece } from './pieces';
import { encodeInOrder, inOrder } from '../parallel/encode-in-order';
import type { ChunkWorkerPool } from '../parallel/worker-pool';

export interface FanOutFile {
  format: Format;
  pieces: readonly StreamPiece[];
  target: Writable;
}

export interface FanOutFilesOptions {
  dialect?: Dialect;
  /** The user's output options, for every format (each reads its own). */
  output?: OutputOptions;
  /** Helper threads encoding chunks beside this one (as `streamTable`'s `helpers`). */
  helpers?: ChunkWorkerPool;
  chunkRows?: number;
}

const isRows = (piece: StreamPiece | undefined): piece is RowPiece => typeof piece === 'object' && 'table' in piece;

/**
 * Writes every file, ending each target. Tables are taken in the plan's
 * order: each file's text up to its next rows is written, then the rows of
 * that table every file holds next are made once (per distinct row range)
 * and written to each. Rows a file holds out of that order are made for it
 * alone, so the bytes never depend on how files are grouped.
 */
export async function writeFilesOnce(plan: Plan, files: readonly FanOutFile[], options: FanOutFilesOptions = {}): Promise<void> {
  // A target's error (a full disk, a folder not writable) fails the whole call at the next write.
  let failure: Error | undefined;
  for (const { target } of files) target.on('error', (error) => (failure ??= error));
  const put = async (target: Writable, bytes: Buffer | string) => {
    if (failure) throw failure;
    if (!target.write(bytes)) await once(target, 'drain');
  };
  const cursors = files.map(() => 0);
  const fanOut = new FanOutEncoder(plan);
  const single = new ChunkEncoder(plan);
  /** Writes file i's pieces up to its next rows (or its end). */
  const textUpToRows = async (i: number) => {
    const { pieces, target } = files[i];
    for (; cursors[i] < pieces.length && !isRows(pieces[cursors[i]]); cursors[i]++) {
      const piece = pieces[cursors[i]];
      if (typeof piece === 'string') await put(target, piece);
      else if (!isRows(piece)) for (const text of piece.lazy()) await put(target, text);
    }
  };
  const writeGroup = async (members: { file: number; piece: RowPiece }[]) => {
    await writeRows(plan, members.map((m) => ({ ...m, format: files[m.file].format })), { ...options, fanOut, single }, (j, bytes) => put(files[members[j].file].target, bytes));
    for (const m of members) cursors[m.file]++;
  };
  try {
    await writeAll();
  } catch (error) {
    for (const { target } of files) target.destroy();
    throw error;
  }
  async function writeAll() {
    for (const table of plan.order) {
      for (;;) {
        const groups = new Map<string, { file: number; piece: RowPiece }[]>();
        for (let i = 0; i < files.length; i++) {
          await textUpToRows(i);
          const piece = files[i].pieces[cursors[i]];
          if (!isRows(piece) || piece.table !== table) continue;
          const key = `${piece.start}:${piece.end}:${piece.streamStart}`;
          groups.set(key, [...(groups.get(key) ?? []), { file: i, piece }]);
        }
        if (!groups.size) break;
        for (const members of groups.values()) await writeGroup(members);
      }
    }
    for (let i = 0; i < files.length; i++) {
      for (;;) {
        await textUpToRows(i);
        const piece = files[i].pieces[cursors[i]];
        if (!isRows(piece)) break;
        await writeGroup([{ file: i, piece }]);
      }
    }
    await Promise.all(files.map(async ({ target }) => {
      target.end();
      await finished(target);
    }));
  }
}

interface RowsTarget {
  format: Format;
  piece: RowPiece;
}

/** The rows of one range, made once, in each member's format, chunk by chunk in order (helper threads included). */
async function writeRows(
  plan: Plan,
  members: RowsTarget[],
  { dialect = 'postgres', output, helpers, chunkRows = DEFAULT_CHUNK_ROWS, fanOut, single }: FanOutFilesOptions & { fanOut: FanOutEncoder; single: ChunkEncoder },
  write: (member: number, bytes: Buffer) => Promise<void>,
): Promise<void> {
  const { table, start, end, streamStart } = members[0].piece;
  const ranges = chunkRanges(start, end, chunkRows);
  const pool = helpers && ranges.length > 1 ? helpers : undefined;
  const depth = { poolDepth: 2 * (pool?.threadCount ?? 1) };
  if (members.length === 1) {
    // One format: its own path (cell writers included), as a single-format call makes it.
    const { format, piece } = members[0];
    const requests = ranges.map((r) => ({ table, format, dialect, streamStart, from: r.start, to: r.end, output, deferRefs: piece.deferRefs }));
    for await (const bytes of encodeInOrder(plan, requests, single, { pool, ...depth })) await write(0, bytes);
    return;
  }
  const targets = members.map(({ format, piece }) => ({ format, output, deferRefs: piece.deferRefs }));
  const here = (i: number) => fanOut.encode(table, dialect, streamStart, ranges[i].start, ranges[i].end, targets);
  const there = pool && ((i: number) => pool.encodeFanOut(plan, { table, dialect, streamStart, from: ranges[i].start, to: ranges[i].end, targets }));
  for await (const chunks of inOrder(ranges.length, here, there, depth)) {
    for (let j = 0; j < chunks.length; j++) await write(j, chunks[j]);
  }
}
