import { EngineError, type BlueprintDocument } from '@seedbed/engine';
import { UsageError } from './usage';

/** The server answered, but not with the document: the key, the blueprint or the revision was refused. */
export class ServerRefusedError extends Error {}

/** The server could not be reached at all. */
export class ServerUnreachableError extends Error {}

const DOCUMENT = `query SeedbedCliDocument($id: ID!) { blueprint(id: $id) { revision document } }`;
const REVISION = `query SeedbedCliRevision($id: ID!, $number: Int!) { blueprint(id: $id) { revisionByNumber(number: $number) { document } } }`;

/**
 * A blueprint's stored document, through the server's GraphQL API with the
 * API key in SEEDBED_KEY (PRODUCT.md §2: the command line generates a
 * blueprint from the server). The command then generates it here with the
 * same engine, so the bytes are those the server's rows API and runs write
 * for the same revision, seed and options.
 */
export async function fetchDocument(server: string, blueprintId: string, revision: number | undefined, key: string | undefined): Promise<BlueprintDocument> {
  if (!key) throw new UsageError('--server needs an API key in the SEEDBED_KEY environment variable (create one in the project settings)');
  let endpoint: URL;
  try {
    endpoint = new URL('/graphql', server);
  } catch {
    throw new UsageError(`--server must be the server's URL, such as http://localhost:4000, got "${server}"`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new UsageError(`--server must be an http or https URL, got "${server}"`);
  const query = revision === undefined ? DOCUMENT : REVISION;
  const variables = revision === undefined ? { id: blueprintId } : { id: blueprintId, number: revision };
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new ServerUnreachableError(`cannot reach ${endpoint.origin}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  let body: { data?: { blueprint?: { document?: unknown; revisionByNumber?: { document?: unknown } | null } | null }; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = await response.json();
  } catch {
    throw new ServerRefusedError(`${endpoint.origin} answered ${response.status} without a GraphQL body: is it a Seedbed server?`);
  }
  const error = body.errors?.[0];
  if (error) throw new ServerRefusedError(`${error.extensions?.code ?? response.status}: ${error.message}`);
  const blueprint = body.data?.blueprint;
  if (!blueprint) throw new ServerRefusedError(`NOT_FOUND: blueprint ${blueprintId} is not visible to this key`);
  const document = revision === undefined ? blueprint.document : blueprint.revisionByNumber?.document;
  if (document === undefined || document === null) throw new ServerRefusedError(`NOT_FOUND: blueprint ${blueprintId} has no revision ${revision}`);
  if (typeof document !== 'object') throw new EngineError('BAD_USER_INPUT', `the server sent a document that is not a JSON object`, '');
  return document as BlueprintDocument;
}
