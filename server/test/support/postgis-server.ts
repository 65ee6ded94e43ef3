/**
 * A throwaway PostgreSQL with PostGIS for one test file: the embedded
 * PostgreSQL from npm has no PostGIS, so this starts Debian's server
 * (`postgresql-NN-postgis-3`) in a temporary folder, on a free port of
 * 127.0.0.1 (a load target is a URL the target guard resolves). As root it runs as the `postgres` user, which PostgreSQL
 * requires.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { withClient } from './database';

const ROOT = '/usr/lib/postgresql';

/** The newest installed server version whose lib folder holds PostGIS. */
function findPostgis(): string | undefined {
  if (!fs.existsSync(ROOT)) return undefined;
  const versions = fs.readdirSync(ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(ROOT, v)).find((dir) => fs.existsSync(path.join(dir, 'bin', 'postgres')) && fs.readdirSync(path.join(dir, 'lib')).some((f) => /^postgis-\d+\.so$/.test(f)));
}

const HOME = findPostgis();
const account = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  return Number.isInteger(uid) && uid > 0 ? { uid, gid: id('-g') } : undefined;
};

/** Why PostGIS tests cannot run here, or undefined when they can. */
export const postgisMissing = !HOME
  ? 'no PostgreSQL server with PostGIS is installed (apt-get install postgresql-15-postgis-3)'
  : process.getuid?.() === 0 && !account()
    ? 'running as root without a postgres user to run PostgreSQL as'
    : undefined;

export interface PostgisServer {
  /** A connection string for `database`. */
  url(database: string): string;
  query(database: string, sql: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now (the kernel's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgis(): Promise<PostgisServer> {
  if (postgisMissing) throw new Error(postgisMissing);
  const as = account();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-postgis-'));
  // The server's user must reach its folder: mkdtemp makes it 0700.
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (as) fs.chownSync(data, as.uid, as.gid);
  if (as) fs.chownSync(dir, as.uid, as.gid);
  const options = { ...(as ?? {}), encoding: 'utf8' as const };
  const init = spawnSync(path.join(HOME!, 'bin', 'initdb'), ['-D', data, '--no-sync', '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C'], options);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  const logFd = fs.openSync(log, 'a');
  const server: ChildProcess = spawn(path.join(HOME!, 'bin', 'postgres'), ['-D', data, '-k', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'shared_buffers=16MB'], { ...(as ?? {}), stdio: ['ignore', 'ignore', logFd] });
  fs.closeSync(logFd);
  let exited = false;
  const exit = new Promise<void>((resolve) => server.once('exit', () => ((exited = true), resolve())));
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = (database: string, sql: string) => withClient(url(database), async (c) => (await c.query(sql)).rows);
  const stop = async () => {
    if (!exited) {
      // SIGINT: PostgreSQL's fast shutdown.
      server.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
      clearTimeout(timer);
      if (!exited) server.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; ; await sleep(100)) {
    try {
      await query('postgres', 'SELECT 1');
      return { url, query, stop };
    } catch (error) {
      if (exited || Date.now() > deadline) {
        const reason = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : String(error);
        await stop();
        throw new Error(`PostgreSQL (PostGIS) did not start: ${reason}`);
      }
    }
  }
}
