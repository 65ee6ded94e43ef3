import { execute, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { PlanAccess, type BlueprintDocument, type Plan } from '../../engine';
import { graphqlKeyOf, type GraphqlDocumentKey } from './sdl-mapping';
import { buildSdlSchema } from './sdl-schema';
import type { MockContext } from './context';
import { buildDefaultSchema } from './default-schema';
import { MockData } from './mock-data';
import { MockWrites } from './mock-writes';
import type { OverlayStore } from './overlay';

/** A mock ready to answer: its schema and its random access to the plan's rows. */
export interface MockSchema {
  schema: GraphQLSchema;
  access: PlanAccess;
}

export interface MockBounds {
  /** Rows a read may replay for retry-unique fields (the rows API's bound). */
  maxReplay?: number;
  /** Rows one request's filters, sorts and key indexes may read (PRODUCT.md §9: 100,000). */
  maxScan: number;
}

/** The schema a plan's mock serves: the imported SDL's when the document keeps one (§12), else PostGraphile's conventions. */
export function buildMockSchema(plan: Plan, bounds: MockBounds, graphql?: GraphqlDocumentKey): MockSchema {
  return { schema: graphql ? buildSdlSchema(graphql) : buildDefaultSchema(plan), access: new PlanAccess(plan, bounds) };
}

/**
 * A document's generation part and its `graphql` key, apart: generation never
 * reads the SDL, and the engine's validation knows only the generation keys.
 */
export function splitDocument(document: BlueprintDocument): { generation: BlueprintDocument; graphql?: GraphqlDocumentKey } {
  const graphql = graphqlKeyOf(document);
  if (!('graphql' in document)) return { generation: document };
  const { graphql: _sdl, ...generation } = document as BlueprintDocument & { graphql?: unknown };
  return { generation, graphql };
}

/**
 * Built schemas by (blueprint, revision, seed): building one walks every
 * table, and a revision never changes. Least recently used ones go first.
 */
export class MockSchemaCache {
  private readonly entries = new Map<string, Promise<MockSchema>>();

  constructor(private readonly size = 32) {}

  get(key: string, build: () => Promise<MockSchema>): Promise<MockSchema> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
    } else {
      entry = build();
      // A failed build is not kept: the next request tries again.
      entry.catch(() => this.entries.delete(key));
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

/** Runs a validated operation against a mock, reading its overlay once for the whole request. */
export async function executeMock(
  mock: MockSchema,
  store: OverlayStore,
  request: { document: DocumentNode; variables?: Record<string, unknown>; operationName?: string },
  authorizeWrite: () => void,
): Promise<ExecutionResult> {
  const contextValue = await mockContext(mock, store, authorizeWrite);
  return execute({ schema: mock.schema, document: request.document, variableValues: request.variables, operationName: request.operationName, contextValue });
}

/** What one operation's resolvers read and write through: the overlay, read once for the whole operation. */
export async function mockContext(mock: MockSchema, store: OverlayStore, authorizeWrite: () => void): Promise<MockContext> {
  const data = new MockData(mock.access, await store.load());
  return { data, writes: new MockWrites(data, store, authorizeWrite) };
}

