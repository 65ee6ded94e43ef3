import type { BlueprintDocument } from '../document/types';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { CompileOptions } from '../plan/compile';

/** Plans a worker keeps compiled; the pool mirrors the same first-in, first-out cache. */
export const PLANS_PER_WORKER = 4;

/** Messages between the main thread and chunk workers. */
export type ToWorker =
  | { type: 'init'; planId: number; document: BlueprintDocument; options: CompileOptions }
  | { type: 'chunk'; id: number; planId: number; table: string; format: Format; dialect: Dialect; streamStart: number; from: number; to: number };

export type FromWorker =
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; error: { message: string; code?: string; path?: string } };
