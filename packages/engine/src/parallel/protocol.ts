import type { BlueprintDocument } from '../document/types';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { CompileOptions } from '../plan/compile';
import type { PerParentRows } from '../document/types';
import type { OutputOptions } from '../formats/output';
import type { Preview } from '../preview';
import type { PreviewWindow } from '../preview-window';
import type { ShardFilesJob } from './shard-writer';
import type { FanOutTarget } from '../stream/fan-out';

/** Plans a worker keeps compiled; the pool mirrors the same first-in, first-out cache. */
export const PLANS_PER_WORKER = 4;

/** Messages between the main thread and chunk workers. */
export type ToWorker =
  | { type: 'init'; planId: number; document: BlueprintDocument; options: CompileOptions }
  /** `into`: memory of an earlier chunk the caller is done with (transferred), encoded into while the chunk fits. */
  | { type: 'chunk'; id: number; planId: number; table: string; format: Format; dialect: Dialect; streamStart: number; from: number; to: number; output?: OutputOptions; deferRefs?: boolean; into?: ArrayBuffer }
  /** Rows made once and encoded in each target's format (see stream/fan-out.ts). */
  | ({ type: 'fan-out'; id: number; planId: number } & FanOutRequest)
  | ({ type: 'layout'; id: number } & LayoutRequest)
  /** `control[0]` set to 1 by the pool stops the shard after its current chunk. */
  | { type: 'shard'; id: number; planId: number; job: ShardFilesJob; control: Int32Array }
  /** A preview of a document, compiled in the thread; `control[0]` set to 1 by the pool stops it before its next row. */
  | ({ type: 'preview'; id: number; control: Int32Array } & PreviewRequest);

/** Rows [from, to) of a table's stream starting at `streamStart`, in every target's format. */
export interface FanOutRequest {
  table: string;
  dialect: Dialect;
  streamStart: number;
  from: number;
  to: number;
  targets: FanOutTarget[];
}

/** A window of a document's table as values, within `maxBytes` (less `spentBytes`) as JSON. */
export interface PreviewRequest {
  document: BlueprintDocument;
  compile: CompileOptions;
  window: PreviewWindow;
  maxBytes: number;
  spentBytes?: number;
}

/** Child rows per block of 1024 parents, for blocks [fromBlock, toBlock) of a per-parent table. */
export interface LayoutRequest {
  seed: number;
  table: string;
  spec: PerParentRows;
  parentRows: number;
  fromBlock: number;
  toBlock: number;
}

export type FromWorker =
  /** Sent once, when the thread has loaded the engine and takes work. */
  | { type: 'ready' }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'fan-out'; id: number; bytes: Uint8Array[] }
  | { type: 'layout'; id: number; totals: Float64Array }
  | { type: 'progress'; id: number; rows: number }
  | { type: 'shard'; id: number; sizes: number[] | null }
  | { type: 'preview'; id: number; preview: Preview | null }
  | { type: 'error'; id: number; error: { message: string; code?: string; path?: string; issues?: { path: string; message: string }[] } };
