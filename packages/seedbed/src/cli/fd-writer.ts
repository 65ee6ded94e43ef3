import { closeSync, openSync, writeSync } from 'node:fs';
import type { ByteWriter } from '@seedbed/engine';

/**
 * `generate`'s output: each chunk written to its file descriptor at once,
 * in this thread, before the next is made (`writeSync`). Through a stream,
 * a chunk of megabytes left this thread 64 KiB per event-loop turn (a
 * pipe's size) and the loop turned only between chunks, so the pipe stood
 * empty while rows were made and the rows waited while it drained: ~10% of
 * both threads idle. A blocking write hands the pipe to its reader at once.
 *
 * A descriptor someone made non-blocking (a Node parent's pipe, or our own
 * `process.stdout` once touched) answers EAGAIN when full: the rest of that
 * chunk then goes through `slow()` (a stream that waits for room), and the
 * chunk counts as written when its callback says so.
 */
export function fdWriter(fd: number, slow?: () => NodeJS.WritableStream): ByteWriter {
  return (bytes) => {
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN' || !slow) throw e;
    }
    const stream = slow();
    return new Promise<void>((resolve, reject) => {
      stream.write(bytes.subarray(done), (error) => (error ? reject(error) : resolve()));
    });
  };
}

let stdoutStream: NodeJS.WritableStream | undefined;

/** Standard output as a ByteWriter; `process.stdout` is made only if the descriptor turns out non-blocking. */
export function stdoutWriter(): ByteWriter {
  return fdWriter(1, () => {
    if (!stdoutStream) {
      stdoutStream = process.stdout;
      // Its errors (EPIPE) reach the write's callback; without a listener they would also be thrown.
      stdoutStream.on('error', () => {});
    }
    return stdoutStream;
  });
}

/** Writes a file from `write(writer)`, created or truncated; closed whatever happens. */
export async function writeFile(file: string, write: (writer: ByteWriter) => Promise<void>): Promise<void> {
  const fd = openSync(file, 'w');
  try {
    await write(fdWriter(fd));
  } finally {
    closeSync(fd);
  }
}
