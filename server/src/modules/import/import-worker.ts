/**
 * An import worker thread: runs one import at a time as the server asks,
 * answering with the result or with the error's code, message and path. A
 * sample uploaded as a request body arrives in chunks the thread asks for
 * one at a time (`pull`), so the body is never held whole in either thread.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { loadModule } from 'libpg-query';
import { withSamples } from '@seedbed/import';
import { importSample } from '@seedbed/import';
import { DEFAULT_SAMPLE_LIMITS, type SampleKind } from '@seedbed/import';
import { checkSourceBounds, sourceLimitsFor } from '@seedbed/import';
import { importSourceOf, type SourceOptions } from '@seedbed/import';
import type { ImportSource } from '@seedbed/import';

export type ImportRequest =
  | { type: 'run'; id: number; source: ImportSource; value: string; options: SourceOptions }
  | { type: 'sample'; id: number; kind: SampleKind; name?: string; maxBytes: number }
  /** The next chunk of a sample's body, as the thread asked; null: the body ended. */
  | { type: 'chunk'; id: number; chunk: Uint8Array | null }
  /** The body could not be read (its client went away): the sample stops. */
  | { type: 'abort'; id: number; message: string };

export type ImportReply =
  | { id: number; result: unknown }
  | { id: number; error: { code?: string; message: string; path?: string } }
  /** The thread wants the next chunk of the sample's body. */
  | { id: number; pull: true }
  /** The thread has loaded its parsers (time an import may take is counted from then). */
  | { ready: true };

const port = parentPort!;
if (workerData?.nice) {
  try {
    setPriority(workerData.nice); // this thread only, on Linux: the API's event loop keeps priority
  } catch {
    // Not permitted here: import at the process's priority.
  }
}

// PostgreSQL's parser (WebAssembly, also SQLite's reader's) loads once per thread, before its first import's clock starts.
void loadModule().then(
  () => port.postMessage({ ready: true } satisfies ImportReply),
  () => port.postMessage({ ready: true } satisfies ImportReply),
);

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

/** The chunk the server sends next for the sample being read. */
let delivered: ((chunk: Uint8Array | null) => void) | undefined;
let failed: ((error: Error) => void) | undefined;

/** The body of sample `id`, chunk by chunk, each asked for when the one before is read. */
async function* body(id: number): AsyncGenerator<Uint8Array> {
  for (;;) {
    const chunk = await new Promise<Uint8Array | null>((resolve, reject) => {
      delivered = resolve;
      failed = reject;
      port.postMessage({ id, pull: true } satisfies ImportReply);
    });
    if (!chunk) return;
    yield chunk;
  }
}

async function answer(request: Extract<ImportRequest, { type: 'run' | 'sample' }>): Promise<unknown> {
  if (request.type === 'sample') {
    return withSamples(await importSample(body(request.id), request.kind, { name: request.name, limits: { ...DEFAULT_SAMPLE_LIMITS, maxBytes: request.maxBytes } }));
  }
  const handler = importSourceOf(request.source);
  if (!handler) throw Object.assign(new Error(`No import source ${request.source}.`), { code: 'BAD_USER_INPUT', path: 'input.source' });
  // Before any parser: a schema past the bounds is refused in milliseconds, not after 20 s of this thread.
  if (handler.input === 'text') checkSourceBounds(request.source, request.value, sourceLimitsFor(request.options.limits));
  return handler.run(request.value, request.options);
}

port.on('message', (request: ImportRequest) => {
  if (request.type === 'chunk') return delivered?.(request.chunk);
  if (request.type === 'abort') return failed?.(new Error(request.message));
  void (async () => {
    let reply: ImportReply;
    try {
      reply = { id: request.id, result: await answer(request) };
    } catch (error) {
      reply = { id: request.id, error: errorOf(error) };
    }
    delivered = failed = undefined;
    port.postMessage(reply);
  })();
});
