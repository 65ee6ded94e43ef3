import type { BlueprintDocument } from '../document/types';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { CompileOptions } from '../plan/compile';

/** Messages between the main thread and chunk workers. */
export type ToWorker =
  | { type: 'init'; document: BlueprintDocument; options: CompileOptions }
  | { type: 'chunk'; id: number; table: string; format: Format; dialect: Dialect; streamStart: number; from: number; to: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; error: { message: string; code?: string; path?: string } };
