/**
 * The import worker thread: runs one source at a time as the server asks,
 * answering with the result or with the error's code, message and path.
 */
import { parentPort } from 'node:worker_threads';
import { importSourceOf, type SourceOptions } from './sources';
import type { ImportSource } from './types';

export interface ImportRequest {
  id: number;
  source: ImportSource;
  value: string;
  options: SourceOptions;
}

export type ImportReply =
  | { id: number; result: unknown }
  | { id: number; error: { code?: string; message: string; path?: string } };

function errorOf(error: unknown): { code?: string; message: string; path?: string } {
  const e = error as { code?: unknown; path?: unknown; message?: unknown; extensions?: { code?: unknown; path?: unknown } };
  const code = e?.extensions?.code ?? e?.code;
  const path = e?.extensions?.path ?? e?.path;
  return {
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof path === 'string' ? { path } : {}),
  };
}

parentPort?.on('message', (request: ImportRequest) => {
  void (async () => {
    let reply: ImportReply;
    try {
      const handler = importSourceOf(request.source);
      if (!handler) throw Object.assign(new Error(`No import source ${request.source}.`), { code: 'BAD_USER_INPUT', path: 'input.source' });
      reply = { id: request.id, result: await handler.run(request.value, request.options) };
    } catch (error) {
      reply = { id: request.id, error: errorOf(error) };
    }
    parentPort!.postMessage(reply);
  })();
});
