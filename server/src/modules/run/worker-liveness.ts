/**
 * Whether the holder of a shard is still running, for holders on this
 * machine. A worker names itself `host:pid` (run-worker.ts); when the host is
 * this one, /proc answers for it at once. A killed worker's shards then go
 * back as soon as supervision looks, without waiting out the heartbeat
 * timeout; and a worker that is alive but slow to send heartbeats (a niced
 * process on a saturated machine) keeps its shards rather than losing them
 * and, after three such losses, failing its run.
 */
import fs from 'node:fs';
import { hostname } from 'node:os';

/** What Linux counts process start times in (USER_HZ: 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

export function workerName(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * True when `worker` is a process of this machine that runs now and started
 * before `since` (a process that took its pid later is not it); false when
 * it is gone; null for a worker of another machine, or where /proc cannot
 * tell.
 */
export function localWorkerAlive(worker: string, since: Date): boolean | null {
  const at = worker.lastIndexOf(':');
  if (at < 0 || worker.slice(0, at) !== hostname()) return null;
  const pid = Number(worker.slice(at + 1));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  let stat: string;
  let bootSeconds: number;
  try {
    bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
  } catch {
    return null;
  }
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // Fields after the name (which may hold spaces): state is the 3rd field, starttime the 22nd.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return false;
  if (!bootSeconds) return null;
  const startedAt = (bootSeconds + Number(fields[19]) / TICKS_PER_SECOND) * 1000;
  // A second of slack: start times are read in ticks, heartbeats in milliseconds.
  return startedAt <= since.getTime() + 1000;
}
