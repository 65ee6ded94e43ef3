/**
 * The attacks of the round before ("No request can stall the server":
 * WebSocket limits, log-in and sign-up floods, stalled rows streams), kept
 * as `npm run bench:abuse -- --case earlier`.
 */
import http from 'node:http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { boot, rssMb, sleep, counts } from './abuse-support';

const RATE = 100;
let base = '';

async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: response.status, cookie: response.headers.getSetCookie()[0]?.split(';')[0], body: await response.json() };
}

/** Longest `{ __typename }` wait while `attack` runs. */
async function worstLatency<T>(attack: Promise<T>, limitMs = 60_000): Promise<{ result: T | 'timeout'; worstMs: number }> {
  let done = false;
  const guarded = Promise.race([attack, sleep(limitMs).then(() => 'timeout' as const)]).finally(() => (done = true));
  let worstMs = 0;
  while (!done) {
    const started = Date.now();
    await gql('{ __typename }');
    worstMs = Math.max(worstMs, Date.now() - started);
    await sleep(50);
  }
  return { result: await guarded, worstMs };
}

function wsClient(options: { cookie?: string; connectionParams?: Record<string, unknown> } = {}) {
  return createClient({
    url: base.replace('http', 'ws') + '/graphql',
    retryAttempts: 0,
    connectionParams: options.connectionParams,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: options.cookie ? { cookie: options.cookie } : {} });
      }
    },
  });
}

function wsRun(client: ReturnType<typeof createClient>, query: string): Promise<string> {
  return new Promise((resolve) => {
    let code = 'ok';
    client.subscribe<any>({ query }, {
      // A nullable field that comes back null was hidden from this caller: not the same as answered.
      next: (v) => (code = v.errors ? String(v.errors[0].extensions?.code) : Object.values(v.data ?? {}).includes(null) ? 'null' : 'ok'),
      error: (e) => resolve(Array.isArray(e) ? String(e[0].extensions?.code) : `closed ${(e as { code?: number }).code}`),
      complete: () => resolve(code),
    });
  });
}

function rawSocket(headers: Record<string, string>, init: Record<string, unknown> = {}) {
  const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', { headers });
  const seen: string[] = [];
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: init })));
  socket.on('message', (data) => seen.push(JSON.parse(String(data)).type));
  socket.on('error', () => undefined);
  return new Promise<string>((resolve) => {
    socket.on('close', (code) => resolve(`close ${code}, messages [${seen.join(',')}]`));
    socket.on('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode}`));
    setTimeout(() => resolve(`still open, messages [${seen.join(',')}]`), 3000).unref();
  });
}

export async function earlier(root: string) {
  const server = await boot(root, { SEEDBED_API_RATE_PER_MINUTE: String(RATE) });
  base = server.base;
  try {
    const email = `owner-${Date.now()}@example.test`;
    const owner = (await gql(`mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }`, { i: { email, password: 'correct horse battery', name: 'O' } })).cookie!;
    const as = { cookie: owner };
    const projectId = (await gql(`mutation { createProject(input: { name: "abuse" }) { id } }`, {}, as)).body.data.createProject.id;
    const document = { seedbed: 1, name: 'big', seed: 1, tables: [{ name: 't', rows: 1_000_000, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'words', generator: 'lorem.paragraph' }] }] };
    const blueprintId = (await gql(`mutation($i: CreateBlueprintInput!) { createBlueprint(input: $i) { id } }`, { i: { projectId, document } }, as)).body.data.createBlueprint.id;
    const newKey = async () => (await gql(`mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }`, { i: { projectId, name: `k${Math.random()}`, role: 'EDITOR' } }, as)).body.data.createApiKey.secret as string;

    let nested = 'name';
    for (let i = 0; i < 8; i++) nested = `blueprints(first: 1) { edges { node { project { ${nested} } } } }`;
    const ws = wsClient(as);
    console.log('WS depth 34:', await wsRun(ws, `{ projects(first: 1) { edges { node { ${nested} } } } }`));
    console.log('WS 500 aliases:', await wsRun(ws, `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: me { id }`).join(' ')} }`));

    const key = await newKey();
    for (let i = 0; i <= RATE; i++) await gql('{ __typename }', {}, { authorization: `Bearer ${key}` });
    const keyed = wsClient({ connectionParams: { authorization: `Bearer ${key}` } });
    const started = Date.now();
    const codes: string[] = [];
    for (let i = 0; i < 300; i++) codes.push(await wsRun(keyed, '{ __typename }'));
    console.log(`WS 300 ops by a key already at 429 over HTTP (${Date.now() - started} ms):`, counts(codes));

    const previews = Array.from({ length: 400 }, (_, i) => `p${i}: preview(input: { blueprintId: "${blueprintId}", limit: 100 }) { totalRows }`).join(' ');
    const blocked = await worstLatency(wsRun(ws, `{ ${previews} }`), 30_000);
    console.log(`WS one message of 400 aliased previews (${previews.length} bytes):`, blocked.result, `— worst { __typename } ${blocked.worstMs} ms`);

    const many = wsClient(as);
    const subscribed = await Promise.all(
      Array.from({ length: 2000 }, () =>
        Promise.race([wsRun(many, 'subscription { heartbeat(count: 1, intervalMs: 20000) }'), sleep(2000).then(() => 'open')]),
      ),
    );
    console.log('WS 2,000 subscriptions on one connection:', counts(subscribed));
    void many.dispose();

    console.log('WS 2 MB message:', await (async () => {
      const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', { headers: as });
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init' }));
      socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ __typename } #${'x'.repeat(2_000_000)}` } }));
      socket.on('message', (data) => JSON.parse(String(data)).type === 'next' && resolveAnswered());
      let resolveAnswered = () => undefined as void;
      return new Promise((resolve) => {
        resolveAnswered = () => (resolve('answered'), socket.close());
        socket.on('close', (code) => resolve(`close ${code}`));
      });
    })());
    console.log('WS bad bearer on the upgrade:', await rawSocket({ authorization: 'Bearer sbk_0000000000000000000000000000000000000000' }));
    console.log('WS API key in connection_init:', await wsRun(wsClient({ connectionParams: { apiKey: await newKey() } }), `{ project(id: "${projectId}") { id } }`));
    console.log('WS upgrade from Origin https://evil.example:', await rawSocket({ origin: 'https://evil.example', ...as }));

    const guessStart = Date.now();
    const guesses = await worstLatency((async () => {
      const out: string[] = [];
      for (let i = 0; i < 20; i++) {
        const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => gql(`mutation($i: LogInInput!) { logIn(input: $i) { user { id } } }`, { i: { email, password: `wrong guess ${i}-${j}` } })));
        out.push(...batch.map((r) => String(r.body.errors?.[0]?.extensions?.code ?? 'ok')));
      }
      return out;
    })());
    console.log(`200 wrong passwords for one account (${Date.now() - guessStart} ms):`, counts(guesses.result as string[]), `— worst { __typename } ${guesses.worstMs} ms`);

    const signUps: string[] = [];
    const signStart = Date.now();
    for (let i = 0; i < 50; i++) {
      const r = await gql(`mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }`, { i: { email: `flood-${i}-${Date.now()}@example.test`, password: 'correct horse battery', name: 'F' } });
      signUps.push(String(r.body.errors?.[0]?.extensions?.code ?? 'ok'));
    }
    console.log(`50 sign-ups from one address (${Date.now() - signStart} ms):`, counts(signUps));

    for (const keys of [1, 15]) {
      const secrets = await Promise.all(Array.from({ length: keys }, newKey));
      const before = rssMb(server.apiPid);
      const open: http.ClientRequest[] = [];
      const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => new Promise<number>((resolve) => {
        const request = http.get(`${base}/api/v1/blueprints/${blueprintId}/rows.csv?count=1000000`, { headers: { authorization: `Bearer ${secrets[i % keys]}` } }, (res) => {
          res.pause();
          resolve(res.statusCode!);
        });
        request.on('error', () => resolve(0));
        open.push(request);
      })));
      await sleep(10_000);
      const during = rssMb(server.apiPid);
      const latency = await worstLatency(sleep(1000));
      open.forEach((request) => request.destroy());
      console.log(`60 stalled rows streams from ${keys} key(s): ${counts(statuses.map(String))}; server RSS ${before} → ${during} MB after 10 s; worst { __typename } ${latency.worstMs} ms`);
      await sleep(2000);
    }
  } finally {
    await server.stop();
  }
}

