/**
 * A throwaway MariaDB server for one test file: Debian's `mariadb-server`
 * started in a temporary folder, reached through a unix socket only (no
 * port to collide with), and the stock `mariadb` client to talk to it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SERVER = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'].find((p) => fs.existsSync(p));
const CLIENT = ['/usr/bin/mariadb', '/usr/local/bin/mariadb'].find((p) => fs.existsSync(p));
const INSTALL = ['/usr/bin/mariadb-install-db', '/usr/local/bin/mariadb-install-db'].find((p) => fs.existsSync(p));

/** Why MariaDB tests cannot run here, or undefined when they can. */
export const mariaDbMissing = !SERVER || !CLIENT || !INSTALL ? 'mariadbd, mariadb or mariadb-install-db is not installed (apt-get install mariadb-server mariadb-client)' : undefined;

export interface MariaDb {
  /** The TCP port when started with `tcp` (127.0.0.1 only), for clients that connect by URL. */
  port?: number;
  /** The server's unix socket (for a driver such as mysql2: `socketPath`, user root, no password). */
  socket: string;
  /** Runs the stock client on `db` with `input` as its script (no options but the socket: the script must say everything). */
  client(db: string, input: string | Buffer, ...args: string[]): { status: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MariaDbOptions {
  /** Also listen on this port of 127.0.0.1 (otherwise the socket only), for a client that connects by URL such as `seedbed load`. */
  tcpPort?: number;
  /** InnoDB's buffer pool (default 16 MB, small for tests; a bench gives the server's own default, 128 MB). */
  bufferPoolMb?: number;
}

export async function startMariaDb(options: MariaDbOptions = {}): Promise<MariaDb> {
  if (mariaDbMissing) throw new Error(mariaDbMissing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-mdb-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'sock');
  // mariadbd refuses to run as root unless told which user it is.
  const user = os.userInfo().username;
  const install = spawnSync(INSTALL!, ['--no-defaults', `--datadir=${data}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db'], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr || install.stdout}`);
  const log = path.join(dir, 'error.log');
  // --no-defaults: the compiled defaults (latin1 server, no client charset), the least a script can count on.
  const server: ChildProcess = spawn(
    SERVER!,
    ['--no-defaults', `--datadir=${data}`, `--socket=${socket}`, ...(options.tcpPort ? [`--port=${options.tcpPort}`, '--bind-address=127.0.0.1'] : ['--skip-networking']), `--user=${user}`, `--pid-file=${path.join(dir, 'pid')}`, `--log-error=${log}`, '--skip-log-bin', `--innodb-buffer-pool-size=${options.bufferPoolMb ?? 16}M`],
    { stdio: 'ignore' },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => server.once('exit', () => ((exited = true), resolve())));

  const client: MariaDb['client'] = (db, input, ...args) => {
    const run = spawnSync(CLIENT!, ['--no-defaults', `--socket=${socket}`, '--user=root', ...args, db], { input, encoding: 'utf8', maxBuffer: 256 << 20 });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const stop = async () => {
    if (!exited) {
      server.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
      clearTimeout(timer);
      if (!exited) server.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
    if (client('mysql', 'SELECT 1').status === 0) return { socket, client, stop, ...(options.tcpPort ? { port: options.tcpPort } : {}) };
    if (exited || Date.now() > deadline) {
      const reason = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : 'no error log';
      await stop();
      throw new Error(`mariadbd did not start: ${reason}`);
    }
  }
}
