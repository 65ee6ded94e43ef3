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
 * A descriptor that is non-blocking all the same (shared with a process that
 * wants it so) answers EAGAIN when full: the rest of that chunk then goes
 * through `slow()` (a stream that waits for room), and the chunk counts as
 * written when its callback says so.
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

/**
 * Standard output as a ByteWriter. Node makes `process.stdout` non-blocking
 * when it is a pipe, and makes that stream whenever a worker thread starts
 * (it pipes the thread's output into it): the descriptor is set blocking
 * again here (`setBlocking`, the handle's own method), or every chunk would
 * meet EAGAIN and go the slow way.
 */
export function stdoutWriter(): ByteWriter {
  const stdout = process.stdout as NodeJS.WriteStream & { _handle?: { setBlocking?: (blocking: boolean) => number } };
  stdout._handle?.setBlocking?.(true);
  // Its errors (EPIPE) reach the write's callback; without a listener they would also be thrown.
  stdout.on('error', () => {});
  return fdWriter(1, () => stdout);
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
