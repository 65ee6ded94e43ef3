import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Peak resident memory of the process (worker threads included), sampled every 20 ms. */
export class RssSampler {
  peak = process.memoryUsage.rss();
  private readonly timer = setInterval(() => this.sample(), 20);
  sample() {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    return this.peak;
  }
}

export const scratchDir = mkdtempSync(path.join(tmpdir(), 'seedbed-bench-'));
process.on('exit', () => rmSync(scratchDir, { recursive: true, force: true }));

/**
 * Wall time, CPU time of the whole process (worker threads included) and
 * peak RSS. CPU time shows the work done independently of what else the
 * machine runs: on a shared box, rows per CPU-second × cores is the ceiling.
 */
export async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; cpuSeconds: number; peakMb: number; value: T }> {
  global.gc?.();
  const rss = new RssSampler();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const value = await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6, peakMb: rss.stop() / 1048576, value };
}

/** One-minute load average against the core count: other work competing for the CPU. */
export function machineLoad(): string {
  return `load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} cores`;
}

export async function toFile(stream: Readable, name: string): Promise<number> {
  const file = path.join(scratchDir, name);
  await pipeline(stream, createWriteStream(file));
  const size = statSync(file).size;
  rmSync(file);
  return size;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
