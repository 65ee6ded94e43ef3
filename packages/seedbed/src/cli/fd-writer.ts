import { closeSync, openSync, write as fsWrite } from 'node:fs';
import type { ByteWriter } from '@seedbed/engine';

/**
 * `generate`'s output: each chunk written whole to its file descriptor by a
 * blocking write in libuv's thread pool (`fs.write`), while this thread makes
 * the next one. Through a stream, a chunk of megabytes left this thread 64 KiB
 * per event-loop turn (a pipe's size) and the loop turned only between
 * chunks, so the pipe stood empty while rows were made and the rows waited
 * while it drained: ~10% of both threads idle.
 *
 * A descriptor that is non-blocking all the same (shared with a process that
 * wants it so) answers EAGAIN when full: the rest of that chunk then goes
 * through `slow()` (a stream that waits for room), and the chunk counts as
 * written when its callback says so.
 */
export function fdWriter(fd: number, slow?: () => NodeJS.WritableStream): ByteWriter {
  return (bytes) =>
    new Promise<void>((resolve, reject) => {
      // In libuv's thread pool: this thread makes the next chunk while the kernel takes this one.
      const from = (done: number) =>
        fsWrite(fd, bytes, done, bytes.length - done, null, (error, written) => {
          if (!error) return done + written < bytes.length ? from(done + written) : resolve();
          if (error.code !== 'EAGAIN' || !slow) return reject(error);
          slow().write(bytes.subarray(done), (failure) => (failure ? reject(failure) : resolve()));
        });
      from(0);
    });
}

/**
 * Standard output as a ByteWriter. `process.stdout` is made on first use
 * (~2 ms: Node's net and stream code), so a run in this thread alone writes
 * to descriptor 1 as it was inherited and makes the stream only if that
 * descriptor is non-blocking after all (EAGAIN). Node makes the stream, and
 * a pipe under it non-blocking, when a worker thread starts (it pipes the
 * thread's output into it): with `threads`, the descriptor is set blocking
 * again here (`setBlocking`, the handle's own method), or every chunk would
 * meet EAGAIN and go the slow way.
 */
export function stdoutWriter(threads: boolean): ByteWriter {
  let made = false;
  const stdout = () => {
    const stream = process.stdout as NodeJS.WriteStream & { _handle?: { setBlocking?: (blocking: boolean) => number } };
    // Its errors (EPIPE) reach the write's callback; without a listener they would also be thrown.
    if (!made) stream.on('error', () => {});
    made = true;
    return stream;
  };
  if (threads) stdout()._handle?.setBlocking?.(true);
  return fdWriter(1, stdout);
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
