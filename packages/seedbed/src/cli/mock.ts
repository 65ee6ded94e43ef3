/**
 * `seedbed mock BLUEPRINT.json [--port P] [--seed S] [--depth D] [--cost C]
 * [--aliases A] [--rows R]`: the blueprint's mock GraphQL API served from a
 * file by the engine alone — no server, no database; mutations are kept in
 * memory until resetMock or the end of the process. The same schema,
 * resolvers and limits as the server's /mock route (the document's `mock`
 * limits, the SEEDBED_MOCK_* settings, then these flags), over HTTP and
 * graphql-ws at the same path, open to any origin (it listens on loopback by
 * default).
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { GraphQLError, getOperationAST, parse, validate, type DocumentNode, type ExecutionArgs, type GraphQLFormattedError } from 'graphql';
import { makeServer } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import { compileBlueprint, type MockLimits } from '@seedbed/engine';
import { sharedLimits } from '../settings';
import { toAppError } from '@seedbed/engine/errors';
import { MAX_TOKENS } from '@seedbed/mock';
import type { MockContext, MockEventsPort } from '@seedbed/mock';
import { buildMockSchema, mockContext, resolveMockLimits, splitDocument, withWarnings, type MockSchema } from '@seedbed/mock';
import { MemoryOverlayStore, type OverlayStore } from '@seedbed/mock';
import { parseInteger, readBlueprint } from './io';
import { EXIT, UsageError } from './usage';

const MAX_BODY = 1_000_000;

export interface LocalMock {
  url: string;
  close(): Promise<void>;
}

export interface LocalMockOptions extends MockLimits {
  port?: number;
  seed?: number;
  host?: string;
}

/** Starts the mock of a blueprint file; `port` 0 picks a free one. */
export async function startLocalMock(file: string, options: LocalMockOptions = {}): Promise<LocalMock> {
  const { generation, graphql, mock: documentLimits } = splitDocument(readBlueprint(file));
  const limits = sharedLimits(process.env);
  const flags = { depth: options.depth, aliases: options.aliases, cost: options.cost, rows: options.rows };
  const mock = buildMockSchema(compileBlueprint(generation, { seed: options.seed, maxRows: limits.planRows, maxTables: limits.maxTables, maxFields: limits.maxFields }), { maxScan: limits.mockScanRows }, graphql, resolveMockLimits(limits, documentLimits, flags));
  const store = new MemoryOverlayStore({ rows: limits.mockOverlayRows, bytes: limits.mockOverlayBytes });
  const emitter = new EventEmitter().setMaxListeners(0);
  const events: MockEventsPort = { publish: () => void emitter.emit('changed'), subscribe: (listener) => (emitter.on('changed', listener), () => void emitter.off('changed', listener)) };
  const server = http.createServer((req, res) => {
    handle(req, mock, store, events).then(
      ({ status, body, type }) => {
        res.writeHead(status, { 'content-type': type ?? 'application/json; charset=utf-8', 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST', vary: 'Origin' });
        res.end(body);
      },
      () => res.writeHead(500).end(),
    );
  });
  const sockets = serveSockets(server, mock, store, events);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 4001, host, resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://${host}:${port}/graphql`,
    close: async () => {
      await sockets.close();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/** The command: serves until interrupted. */
export async function mockCommand(args: string[]): Promise<number> {
  const options = { port: { type: 'string' }, seed: { type: 'string' }, host: { type: 'string' }, depth: { type: 'string' }, cost: { type: 'string' }, aliases: { type: 'string' }, rows: { type: 'string' } } as const;
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected arguments: ${positionals.slice(1).join(' ')}` : 'missing BLUEPRINT.json');
  const limit = (name: 'depth' | 'cost' | 'aliases' | 'rows') => {
    const value = parseInteger(name, values[name]);
    if (value !== undefined && value < 1) throw new UsageError(`--${name} must be at least 1`);
    return value;
  };
  const mock = await startLocalMock(positionals[0], {
    port: parseInteger('port', values.port),
    seed: parseInteger('seed', values.seed),
    host: values.host,
    depth: limit('depth'),
    cost: limit('cost'),
    aliases: limit('aliases'),
    rows: limit('rows'),
  });
  process.stderr.write(`Mock GraphQL API of ${positionals[0]} at ${mock.url} (also graphql-ws at the same path; open it in a browser for the IDE; Ctrl-C stops it)\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await mock.close();
  return EXIT.OK;
}

type Answer = { status: number; body: string; type?: string };

let idePage: string | undefined;

interface OperationParams {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * Parse, validate with the mock's limits, and the arguments to execute: the
 * one pipeline of both transports of `seedbed mock`. Returns the refusal's
 * errors instead when the document is refused.
 */
async function prepare(params: OperationParams, mock: MockSchema, store: OverlayStore, events: MockEventsPort, method?: string): Promise<ExecutionArgs | { errors: GraphQLFormattedError[]; status: number }> {
  if (typeof params.query !== 'string') return refusal(new GraphQLError('Send the GraphQL document as `query`.'), 'BAD_USER_INPUT');
  // A text this mock parsed and validated before is not parsed and validated again.
  let document = mock.validated.get(params.query);
  if (!document) {
    try {
      document = parse(params.query, { maxTokens: MAX_TOKENS });
    } catch (e) {
      return refusal(e as GraphQLError, /tokens/.test((e as Error).message) ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT');
    }
    const invalid = validate(mock.schema, document, mock.rules);
    if (invalid.length) return { status: 400, errors: invalid.map((e) => formatted(e, /limit of \d+ exceeded/i.test(e.message) || /cost/i.test(e.message) ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT')) };
    mock.validated.set(params.query, document);
  }
  const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
  if (method === 'GET' && getOperationAST(document, operationName)?.operation === 'mutation') return refusal(new GraphQLError('Send mutations with POST.'), 'BAD_USER_INPUT', 405);
  const variableValues = params.variables && typeof params.variables === 'object' ? (params.variables as Record<string, unknown>) : undefined;
  return { schema: mock.schema, document, operationName, variableValues, contextValue: await mockContext(mock, store, () => {}, events) };
}

async function handle(req: http.IncomingMessage, mock: MockSchema, store: OverlayStore, events: MockEventsPort): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'OPTIONS') return { status: 204, body: '' };
  if (url.pathname !== '/graphql') return json(404, { errors: [{ message: 'The mock answers at /graphql.', extensions: { code: 'NOT_FOUND' } }] });
  if (req.method === 'GET' && !url.searchParams.has('query') && /text\/html/.test(req.headers.accept ?? '')) {
    idePage ??= renderGraphiQL({ endpoint: '/graphql', title: 'Seedbed mock API' } as Parameters<typeof renderGraphiQL>[0]);
    return { status: 200, body: idePage, type: 'text/html; charset=utf-8' };
  }
  let params: OperationParams;
  try {
    params = req.method === 'POST' ? JSON.parse(await readBody(req)) : { query: url.searchParams.get('query'), variables: JSON.parse(url.searchParams.get('variables') || 'null'), operationName: url.searchParams.get('operationName') };
  } catch (e) {
    const refused = e instanceof BodyTooLarge ? refusal(new GraphQLError(e.message), 'PAYLOAD_TOO_LARGE', 413) : refusal(new GraphQLError(`The request is not JSON: ${(e as Error).message}`), 'BAD_USER_INPUT');
    return json(refused.status, { errors: refused.errors });
  }
  const prepared = await prepare(params ?? {}, mock, store, events, req.method);
  if ('errors' in prepared) return json(prepared.status, { errors: prepared.errors });
  // The same compiled path as the server's mock endpoint (a query asked again is compiled).
  const request = { document: prepared.document, variables: prepared.variableValues ?? undefined, operationName: prepared.operationName ?? undefined };
  const result = withWarnings(await mock.compiled.execute(request, prepared.contextValue), prepared.contextValue as MockContext);
  // Errors without a path come before any resolver ran (variables that do not fit their types): the caller's input.
  return json(200, result.errors ? { ...result, errors: result.errors.map((e) => formatted(e, e.path ? undefined : 'BAD_USER_INPUT')) } : result);
}

/** graphql-ws at /graphql on the same server: the same pipeline, errors worded the same, subscriptions live. */
function serveSockets(server: http.Server, mock: MockSchema, store: OverlayStore, events: MockEventsPort): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: MAX_BODY });
  const graphqlWs = makeServer({
    schema: mock.schema,
    onSubscribe: async (_ctx, _id, payload) => {
      const prepared = await prepare(payload, mock, store, events);
      return 'errors' in prepared ? prepared.errors.map((e) => new GraphQLError(e.message, { extensions: e.extensions })) : prepared;
    },
    onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map((e) => formatted(e, e.path ? undefined : 'BAD_USER_INPUT')) } : undefined),
    onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatted(e, e.extensions?.code ? String(e.extensions.code) : undefined)),
  });
  wss.on('connection', (socket, request) => {
    const closed = graphqlWs.opened(
      {
        protocol: socket.protocol,
        send: (data) => new Promise<void>((resolve) => (socket.readyState === socket.OPEN ? socket.send(data, () => resolve()) : resolve())),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) => socket.on('message', (data) => void cb(String(data)).catch(() => socket.close(1011, 'Internal error'))),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => void closed(code, String(reason)));
  });
  return { close: () => new Promise((resolve) => (wss.clients.forEach((c) => c.close(1001, 'Going away')), wss.close(() => resolve()))) };
}

/** An error as the server words it: the code of an AppError or engine error, else masked. */
function formatted(error: GraphQLError, code?: string): GraphQLFormattedError {
  const app = toAppError(error.originalError ?? (code ? undefined : error));
  if (app) return { message: app.message, locations: error.locations, path: error.path, extensions: app.extensions };
  if (code) return { message: error.message.replace(/^Syntax Error:\s*/, ''), locations: error.locations, extensions: { code } };
  process.stderr.write(`seedbed mock: ${error.originalError?.stack ?? error.message}\n`);
  return { message: 'Internal error (see the mock\'s standard error).', locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

function refusal(error: GraphQLError, code: string, status = 400): { status: number; errors: GraphQLFormattedError[] } {
  return { status, errors: [formatted(error, code)] };
}

function json(status: number, body: unknown): Answer {
  return { status, body: JSON.stringify(body) };
}

/** A request body over MAX_BODY: answered 413 with its code, never by a dropped connection. */
class BodyTooLarge extends Error {}

/**
 * The request's body, refused by its declared length before any byte is read, or once the bytes sent pass
 * MAX_BODY. The rest of an oversized body is read and dropped, not kept, so the refusal reaches the client
 * (destroying the socket answered nothing at all).
 */
function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new BodyTooLarge(`The request body is larger than ${MAX_BODY.toLocaleString('en-US')} bytes.`);
    if (Number(req.headers['content-length']) > MAX_BODY) {
      req.resume();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) return chunks.push(chunk);
      req.off('data', collect);
      req.resume();
      reject(tooLarge());
    };
    req.on('data', collect);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
