import { parentPort } from 'node:worker_threads';
import { compileBlueprint } from '../plan/compile';
import { ChunkEncoder } from '../stream/chunks';
import type { FromWorker, ToWorker } from './protocol';

/** Worker side: rebuild the plan from the document, then encode chunks on request. */
const port = parentPort!;
let chunks: ChunkEncoder | undefined;

port.on('message', (message: ToWorker) => {
  const reply = (m: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
  try {
    if (message.type === 'init') {
      chunks = new ChunkEncoder(compileBlueprint(message.document, message.options));
      reply({ type: 'ready' });
      return;
    }
    const bytes = chunks!.encode(message.table, message.format, message.dialect, message.streamStart, message.from, message.to);
    // The sink's buffer is its own ArrayBuffer: transferred, not copied.
    reply({ type: 'chunk', id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (e) {
    const error = e as Error & { code?: string; path?: string };
    reply({ type: 'error', id: message.type === 'chunk' ? message.id : -1, error: { message: error.message, code: error.code, path: error.path } });
  }
});
