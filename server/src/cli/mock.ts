/**
 * `seedbed mock BLUEPRINT.json [--port P] [--seed S]`: the blueprint's mock
 * GraphQL API served from a file by the engine alone — no server, no
 * database; mutations are kept in memory until resetMock or the end of the
 * process. The same schema, resolvers and query limits as the server's
 * /mock route, open to any origin (it listens on loopback by default).
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type DocumentNode, type GraphQLFormattedError } from 'graphql';
import { compileBlueprint } from '../engine';
import { loadConfig } from '../config';
import { toAppError } from '../errors';
import { MAX_TOKENS, queryLimits } from '../graphql/query-limits';
import { buildMockSchema, executeMock, splitDocument, type MockSchema } from '../modules/mock/mock-schema';
import { MemoryOverlayStore, type OverlayStore } from '../modules/mock/overlay';
import { parseInteger, readBlueprint } from './io';
import { EXIT, UsageError } from './usage';

const MAX_BODY = 1_000_000;

export interface LocalMock {
  url: string;
  close(): Promise<void>;
}

/** Starts the mock of a blueprint file; `port` 0 picks a free one. */
export async function startLocalMock(file: string, options: { port?: number; seed?: number; host?: string } = {}): Promise<LocalMock> {
  const { generation, graphql } = splitDocument(readBlueprint(file));
  const { limits } = loadConfig({});
  const mock = buildMockSchema(compileBlueprint(generation, { seed: options.seed, maxRows: limits.planRows }), { maxScan: limits.mockScanRows }, graphql);
  const store = new MemoryOverlayStore();
  const rules = [...specifiedRules, ...queryLimits(limits).validationRules];
  const server = http.createServer((req, res) => {
    handle(req, mock, store, rules).then(
      ({ status, body, type }) => {
        res.writeHead(status, { 'content-type': type ?? 'application/json; charset=utf-8', 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST', vary: 'Origin' });
        res.end(body);
      },
      () => res.writeHead(500).end(),
    );
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 4001, host, resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return { url: `http://${host}:${port}/graphql`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The command: serves until interrupted. */
export async function mockCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { port: { type: 'string' }, seed: { type: 'string' }, host: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected arguments: ${positionals.slice(1).join(' ')}` : 'missing BLUEPRINT.json');
  const mock = await startLocalMock(positionals[0], { port: parseInteger('port', values.port), seed: parseInteger('seed', values.seed), host: values.host });
  process.stderr.write(`Mock GraphQL API of ${positionals[0]} at ${mock.url} (open it in a browser for the IDE; Ctrl-C stops it)\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await mock.close();
  return EXIT.OK;
}

type Answer = { status: number; body: string; type?: string };

let idePage: string | undefined;

async function handle(req: http.IncomingMessage, mock: MockSchema, store: OverlayStore, rules: typeof specifiedRules): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'OPTIONS') return { status: 204, body: '' };
  if (url.pathname !== '/graphql') return json(404, { errors: [{ message: 'The mock answers at /graphql.', extensions: { code: 'NOT_FOUND' } }] });
  if (req.method === 'GET' && !url.searchParams.has('query') && /text\/html/.test(req.headers.accept ?? '')) {
    idePage ??= renderGraphiQL({ endpoint: '/graphql', title: 'Seedbed mock API' } as Parameters<typeof renderGraphiQL>[0]);
    return { status: 200, body: idePage, type: 'text/html; charset=utf-8' };
  }
  let params: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    params = req.method === 'POST' ? JSON.parse(await readBody(req)) : { query: url.searchParams.get('query'), variables: JSON.parse(url.searchParams.get('variables') || 'null'), operationName: url.searchParams.get('operationName') };
  } catch (e) {
    return failure(e instanceof GraphQLError ? e : new GraphQLError(`The request is not JSON: ${(e as Error).message}`), 'BAD_USER_INPUT');
  }
  if (typeof params.query !== 'string') return failure(new GraphQLError('Send the GraphQL document as `query`.'), 'BAD_USER_INPUT');
  let document: DocumentNode;
  try {
    document = parse(params.query, { maxTokens: MAX_TOKENS });
  } catch (e) {
    return failure(e as GraphQLError, /tokens/.test((e as Error).message) ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT');
  }
  const invalid = validate(mock.schema, document, rules);
  if (invalid.length) return json(400, { errors: invalid.map((e) => formatted(e, /limit of \d+ exceeded/i.test(e.message) ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT')) });
  const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
  if (req.method === 'GET' && getOperationAST(document, operationName)?.operation === 'mutation') return failure(new GraphQLError('Send mutations with POST.'), 'BAD_USER_INPUT', 405);
  const variables = params.variables && typeof params.variables === 'object' ? (params.variables as Record<string, unknown>) : undefined;
  const result = await executeMock(mock, store, { document, variables, operationName }, () => {});
  // Errors without a path come before any resolver ran (variables that do not fit their types): the caller's input.
  return json(200, result.errors ? { ...result, errors: result.errors.map((e) => formatted(e, e.path ? undefined : 'BAD_USER_INPUT')) } : result);
}

/** An error as the server words it: the code of an AppError or engine error, else masked. */
function formatted(error: GraphQLError, code?: string): GraphQLFormattedError {
  const app = toAppError(error.originalError ?? (code ? undefined : error));
  if (app) return { message: app.message, locations: error.locations, path: error.path, extensions: app.extensions };
  if (code) return { message: error.message.replace(/^Syntax Error:\s*/, ''), locations: error.locations, extensions: { code } };
  process.stderr.write(`seedbed mock: ${error.originalError?.stack ?? error.message}\n`);
  return { message: 'Internal error (see the mock\'s standard error).', locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

function failure(error: GraphQLError, code: string, status = 400): Answer {
  return json(status, { errors: [formatted(error, code)] });
}

function json(status: number, body: unknown): Answer {
  return { status, body: JSON.stringify(body) };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new GraphQLError(`The request body is larger than ${MAX_BODY} bytes.`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
