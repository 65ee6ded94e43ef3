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

/**
 * What a thread's first import pays beyond its own work (measured on a
 * 1,000-table schema: ~40% of a cold thread's time): PostgreSQL's parser
 * (WebAssembly, also SQLite's reader's), the first run of each inference rule
 * and generator, the locale lists a text column of a given width is fitted to
 * (compiled and measured once per thread), and the engine's compile of the
 * samples. A small schema of the columns real ones are made of goes through
 * all of it once, before the thread says it is ready, so no import's clock
 * (nor its wall time, on a thread the pool started beforehand) counts it.
 * MySQL's parser stays unloaded until a MySQL schema comes.
 */
const WARM_UP = `
CREATE TYPE warm_state AS ENUM ('new', 'open', 'closed');
CREATE TABLE warm_countries (id integer PRIMARY KEY, name varchar(60) NOT NULL UNIQUE, code char(2) NOT NULL);
CREATE TABLE warm_customers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, first_name varchar(45) NOT NULL, last_name varchar(45) NOT NULL,
  email varchar(120) NOT NULL UNIQUE, phone varchar(20), city varchar(50), postal_code varchar(10), address text,
  company_name varchar(80), country_id integer REFERENCES warm_countries (id), birth_date date, is_active boolean DEFAULT true NOT NULL,
  created_at timestamp with time zone NOT NULL, updated_at timestamp with time zone, payload jsonb, tags text[]
);
CREATE TABLE warm_orders (
  id uuid PRIMARY KEY, customer_id bigint NOT NULL REFERENCES warm_customers (id), state warm_state NOT NULL,
  total numeric(10,2) NOT NULL CHECK (total >= 0), quantity integer CHECK (quantity BETWEEN 1 AND 50),
  status text NOT NULL CHECK (status IN ('new', 'paid', 'shipped')), description text, placed_at timestamp NOT NULL, shipped_at timestamp,
  CHECK (shipped_at IS NULL OR shipped_at >= placed_at)
);
CREATE TABLE warm_order_lines (order_id uuid NOT NULL REFERENCES warm_orders (id), line_no integer NOT NULL, title varchar(200), price numeric(8,2), PRIMARY KEY (order_id, line_no));
`;

async function warmUp(): Promise<void> {
  await loadModule();
  await importSourceOf('POSTGRES_DDL')!.run(WARM_UP, { allowPrivateTargets: false });
}

/** An import that arrives meanwhile starts after the warm-up, not interleaved with it. */
const warmed = warmUp()
  .catch(() => undefined)
  .then(() => port.postMessage({ ready: true } satisfies ImportReply));

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
    await warmed;
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
