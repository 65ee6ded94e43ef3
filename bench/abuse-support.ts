/**
 * What every case of bench/abuse.ts needs: a real server booted from a
 * checkout (this one, or `--root` another, to measure before and after with
 * the same script), callers signed up through the API, a `{ __typename }`
 * probe from another user, and the server's RSS sampled meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverWhenReady } from './client';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Server {
  base: string;
  child: ChildProcess;
  apiPid: number;
  stop(): Promise<void>;
}

export async function boot(root: string, env: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seedbed-abuse-'));
  // PostgreSQL runs as its own user, which must reach the folder.
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['-r', path.join(root, 'server/bin/ts-register.js'), path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SEEDBED_DATA_DIR: dataDir, SEEDBED_RUN_WORKER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The API's own process, for its RSS: under npm start's supervisor, a child of `child`.
  const { port, apiPid } = await serverWhenReady(child);
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    apiPid,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        // A server still stalled by an attack may not hear SIGTERM for a while: its PostgreSQL is stopped by its own exit.
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await new Promise((resolve) => child.once('exit', resolve));
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const rssMb = (pid: number) => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
  } catch {
    return 0;
  }
};

/** A caller over HTTP: a session cookie or an API key. */
export class Caller {
  constructor(
    readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  withKey(secret: string) {
    return new Caller(this.base, { authorization: `Bearer ${secret}` });
  }

  async gql(query: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): Promise<{ status: number; body: any; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${this.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...this.headers }, body: JSON.stringify({ query, variables }), signal });
    const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
    if (cookie) this.headers.cookie = cookie;
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text), ms: Date.now() - started };
  }

  async ok(query: string, variables: Record<string, unknown> = {}) {
    const { body } = await this.gql(query, variables);
    if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 500));
    return body.data;
  }

  /** A GET whose answer is left unread (a stalled download); the caller aborts it. */
  async open(pathname: string, signal: AbortSignal): Promise<number> {
    const response = await fetch(`${this.base}${pathname}`, { headers: this.headers, signal });
    return response.status;
  }

  async post(pathname: string, body: string, signal?: AbortSignal): Promise<{ status: number; text: string; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${this.base}${pathname}`, { method: 'POST', headers: { 'content-type': 'text/plain', ...this.headers }, body, signal });
    return { status: response.status, text: await response.text(), ms: Date.now() - started };
  }
}

export async function signUp(base: string, name: string): Promise<Caller> {
  const caller = new Caller(base);
  await caller.ok(`mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }`, { i: { email: `${name}-${Date.now()}-${Math.random()}@example.test`, password: 'correct horse battery', name } });
  return caller;
}

export async function projectOf(owner: Caller): Promise<string> {
  return (await owner.ok(`mutation { createProject(input: { name: "abuse ${Math.random()}" }) { id } }`)).createProject.id;
}

export async function blueprint(owner: Caller, projectId: string, document: unknown): Promise<string> {
  return (await owner.ok(`mutation($i: CreateBlueprintInput!) { createBlueprint(input: $i) { id } }`, { i: { projectId, document } })).createBlueprint.id;
}

export async function apiKey(owner: Caller, projectId: string, role = 'EDITOR'): Promise<string> {
  return (await owner.ok(`mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }`, { i: { projectId, name: `k${Math.random()}`, role } })).createApiKey.secret;
}

/** The error code of a GraphQL answer (the first), `ok`, or what the transport said. */
export const codeOf = (body: any) => (body?.errors ? String(body.errors[0]?.extensions?.code ?? 'error') : 'ok');

export const counts = (codes: string[]) =>
  Object.entries(codes.reduce<Record<string, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {}))
    .map(([c, n]) => `${c}×${n}`)
    .join(' ');

/** Probes answered slower than this are cut and counted at this. */
const PROBE_CUT_MS = 10_000;

/**
 * Another user's `{ __typename }`, one after another while `attack` runs,
 * and the server's RSS sampled meanwhile: the worst wait and the peak.
 */
export async function underProbe<T>(server: Server, probe: Caller, attack: Promise<T>): Promise<{ result: T; worstMs: number | string; probes: number; peakRssMb: number }> {
  let done = false;
  let peakRssMb = rssMb(server.apiPid);
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(server.apiPid))), 100);
  const guarded = attack.finally(() => (done = true));
  let worstMs = 0;
  let probes = 0;
  while (!done) {
    const started = Date.now();
    try {
      await probe.gql('{ __typename }', {}, AbortSignal.timeout(PROBE_CUT_MS));
    } catch {
      /* cut: counted at the cut */
    }
    worstMs = Math.max(worstMs, Date.now() - started);
    probes++;
    await sleep(50);
  }
  clearInterval(sampler);
  return { result: await guarded, worstMs: worstMs >= PROBE_CUT_MS ? `≥ ${PROBE_CUT_MS} (cut)` : worstMs, probes, peakRssMb };
}

/** Milliseconds until `/healthz` answers 200 within a second, or `capMs` when it never does. */
export async function recoveryMs(base: string, capMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < capMs) {
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return Date.now() - started;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  return capMs;
}
