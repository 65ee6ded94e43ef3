/**
 * `seedbed generate`'s writes to standard output (cli/fd-writer.ts): each
 * chunk is written at once with a blocking write; a descriptor that a Node
 * parent made non-blocking answers EAGAIN when full and the rest goes through
 * a stream; a reader that goes away ends the command quietly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fdWriter } from '../../../packages/seedbed/src/cli/fd-writer';
import { doc, table } from '../engine/helpers';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/seedbed/bin/seedbed.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-output-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// ~4 MB of CSV: many times what a pipe or socket buffer holds, in a few chunks.
const file = path.join(dir, 'people.json');
fs.writeFileSync(file, JSON.stringify(doc([table('people', 40_000, [
  { name: 'id', generator: 'uuid' },
  { name: 'name', generator: 'person.fullName' },
  { name: 'email', generator: 'internet.email' },
  { name: 'bio', generator: 'lorem.sentence' },
])])));
const args = [BIN, 'generate', file, '--format', 'csv', '--out', '-'];
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The command's output read by this process, through the socket pair Node's spawn makes (non-blocking on the child's side too). */
function readAll(pause: boolean): Promise<{ code: number | null; bytes: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT });
    const parts: Buffer[] = [];
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d: Buffer) => {
      parts.push(d);
      if (!pause) return;
      // A slow reader: the buffer fills while it looks away.
      child.stdout.pause();
      setImmediate(() => child.stdout.resume());
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, bytes: Buffer.concat(parts), stderr }));
  });
}

describe('seedbed generate --out -', () => {
  const whole = spawnSync(process.execPath, args, { cwd: ROOT, maxBuffer: 64 << 20 });

  it('writes every byte to a file, and through the socket pair a Node parent gives it to a fast and a slow reader', async () => {
    expect(whole.status).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(3 << 20);
    const redirected = path.join(dir, 'people.csv');
    const fd = fs.openSync(redirected, 'w');
    try {
      expect(spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', fd, 'pipe'] }).status).toBe(0);
    } finally {
      fs.closeSync(fd);
    }
    expect(sha(fs.readFileSync(redirected))).toBe(sha(whole.stdout));
    for (const pause of [false, true]) {
      const read = await readAll(pause);
      expect({ code: read.code, stderr: read.stderr }).toEqual({ code: 0, stderr: '' });
      expect(sha(read.bytes)).toBe(sha(whole.stdout));
    }
  });

  it('stops quietly (exit 0) when its reader goes away, as `| head` does', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: ROOT });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result).toEqual({ code: 0, stderr: '' });
  });
});

describe('fdWriter', () => {
  it('finishes a chunk through the stream it is given when a non-blocking descriptor is full (EAGAIN)', async () => {
    const fifo = path.join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // Both ends non-blocking: a write of more than the pipe holds stops at EAGAIN.
    const reading = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writing = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    const reader = new net.Socket({ fd: reading, readable: true, writable: false });
    const parts: Buffer[] = [];
    // Not read until the writer meets a full pipe: the first chunk cannot go in one write.
    reader.pause();
    reader.on('data', (d: Buffer) => parts.push(d));
    const ended = once(reader, 'end');
    const stream = new net.Socket({ fd: writing, readable: false, writable: true });
    let slow = 0;
    const write = fdWriter(writing, () => {
      slow++;
      reader.resume();
      return stream;
    });
    const chunks = [randomBytes(1 << 20), randomBytes(3 << 20), randomBytes(100)];
    for (const chunk of chunks) await write(chunk);
    stream.end();
    await ended;
    expect(slow).toBeGreaterThan(0);
    expect(sha(Buffer.concat(parts))).toBe(sha(Buffer.concat(chunks)));
  });
});
