/**
 * Issue 23, row 5: 1,500 anonymous WebSocket connections from one address,
 * each asking for 20 slow heartbeat subscriptions, against a real server
 * booted from a checkout (so one script measures before and after): how many
 * are taken, the API's RSS idle, loaded and 5 s after they close, and the
 * slowest `{ me { id } }` of another signed-in user meanwhile.
 *
 *   npm run bench:sockets [-- --root /path/to/other/checkout]
 *
 * Only loopback traffic.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { portWhenReady } from './client';

const { values: flags } = parseArgs({ options: { root: { type: 'string', default: path.resolve(__dirname, '..') } } });
const ROOT = path.resolve(flags.root!);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seedbed-sockets-'));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['-r', path.join(ROOT, 'server/bin/ts-register.js'), path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SEEDBED_DATA_DIR: dataDir, SEEDBED_RUN_WORKER: 'false' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await portWhenReady(child);
  const base = `http://127.0.0.1:${port}`;
  try {
    const signUp = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }', variables: { i: { email: `u${Date.now()}@example.test`, password: 'correct horse battery', name: 'U' } } }) });
    const cookie = signUp.headers.getSetCookie()[0].split(';')[0];
    const probe = async () => { const t = Date.now(); await (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{"query":"{ me { id } }"}' })).json(); return Date.now() - t; };
    await sleep(2000);
    const idle = rssMb(child.pid!);
    let worst = 0;
    let probing = true;
    const prober = (async () => { while (probing) { worst = Math.max(worst, await probe()); await sleep(50); } })();
    const sockets: WebSocket[] = [];
    let accepted = 0, refused = 0, nexts = 0, errors = 0;
    await Promise.all(Array.from({ length: 1500 }, () => new Promise<void>((resolve) => {
      const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
      sockets.push(socket);
      socket.on('unexpected-response', () => { refused++; resolve(); });
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
      socket.on('message', (data) => {
        const m = JSON.parse(String(data));
        if (m.type === 'connection_ack') {
          accepted++;
          for (let i = 0; i < 20; i++) socket.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query: 'subscription { heartbeat(count: 100, intervalMs: 60000) }' } }));
          setTimeout(resolve, 2000);
        } else if (m.type === 'next') nexts++;
        else if (m.type === 'error') errors++;
      });
    })));
    await sleep(3000);
    const loaded = rssMb(child.pid!);
    probing = false;
    await prober;
    for (const s of sockets) s.terminate();
    await sleep(5000);
    const after = rssMb(child.pid!);
    console.log(JSON.stringify({ root: ROOT, accepted, refused, subscriptionEvents: nexts, subscriptionErrors: errors, rssIdleMb: idle, rssLoadedMb: loaded, growthMb: loaded - idle, rss5sAfterCloseMb: after, worstOtherUserMs: worst }));
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
})();
