/**
 * Run files take disk space, the one resource a run can exhaust for every
 * user at once. Two bounds: a project's quota of run files (its finished
 * runs' files and what its unfinished runs have written so far, counted in
 * PostgreSQL so every worker sees the same sum), and a floor of free space
 * on the disk the files go to. Both are checked when a run starts (the API,
 * from the least the run can write), before each shard, and while a shard is
 * written (the workers, from the bytes on disk); a run that would pass one is
 * refused or failed with PAYLOAD_TOO_LARGE.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Plan } from '../../engine';
import type { ShardsStore } from './shards-store';

export interface DiskBounds {
  /** Bytes of run files a project may hold. */
  projectBytes: number;
  /** Bytes the disk keeps free. */
  minFreeBytes: number;
}

/** gzip (deflate) writes at least one byte per 1,032 it is given, however repetitive the rows. */
const DEFLATE_MAX_RATIO = 1032;

/**
 * The fewest bytes a run's files can take: every row of every table holds at
 * least one byte per field in every format (a CSV row of n fields has n - 1
 * delimiters and a line end; the other formats more), and gzip divides that
 * by at most deflate's limit.
 */
export function leastBytesOf(plan: Plan, formats: number, gzip: boolean): number {
  const bytes = plan.tables.reduce((sum, t) => sum + t.layout.rows * Math.max(1, t.fields.length), 0) * formats;
  return Math.floor(gzip ? bytes / DEFLATE_MAX_RATIO : bytes);
}

export class DiskBudget {
  constructor(
    private readonly shards: ShardsStore,
    private readonly bounds: DiskBounds,
  ) {}

  /**
   * Why `projectId` may not write `moreBytes` more (a sentence for the user),
   * or null. `diskDir`: a folder on the disk they go to, when it is this
   * machine's to check (a worker's; the API's for the local artifact folder).
   */
  async refusal(projectId: string, moreBytes: number, diskDir?: string): Promise<string | null> {
    const { projectBytes, minFreeBytes } = this.bounds;
    const needs = moreBytes > 0 ? `, and this needs at least ${size(moreBytes)} more` : '';
    const held = await this.shards.projectBytes(projectId);
    if (held + moreBytes > projectBytes) {
      return `the project's run files would pass its quota of ${size(projectBytes)} (it holds ${size(held)}${needs}): delete older runs or let them expire, or make this run smaller`;
    }
    if (diskDir) {
      const free = await freeBytes(diskDir);
      if (free - moreBytes < minFreeBytes) {
        return `the disk that holds run files would have less than ${size(minFreeBytes)} free (${size(free)} now${needs}): make this run smaller, or start it again once space is freed`;
      }
    }
    return null;
  }
}

/**
 * Bytes free to this process on the disk of `dir`, or of its nearest parent
 * that exists (the folder is made on first use; a path through a file fails
 * when it is written to, not here).
 */
async function freeBytes(dir: string): Promise<number> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await fs.statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(at) === at) throw error;
    }
  }
}

/** "1.5 GB", "730 MB", "12 KB": decimal units, as disks are sold and `df -H` prints. */
function size(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
