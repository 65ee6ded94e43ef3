import { specifiedRules, type DocumentNode, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import { PlanAccess, type BlueprintDocument, type MockLimits, type Plan } from '@seedbed/engine';
import { queryLimits } from './query-limits';
import { graphqlKeyOf, type GraphqlDocumentKey } from './sdl-mapping';
import { buildSdlSchema } from './sdl-schema';
import type { MockContext, MockEventsPort } from './context';
import { buildDefaultSchema } from './default-schema';
import { CompiledQueries, ValidatedDocuments } from './compiled-queries';
import { MockData, mockSource, type MockSource } from './mock-data';
import { MockWrites } from './mock-writes';
import type { OverlayStore } from './overlay';
import { OverlayView } from './overlay-view';

/** A mock's query depth, aliases and cost (validation) and rows per answer (execution), PRODUCT.md §9. */
export interface ResolvedMockLimits {
  depth: number;
  aliases: number;
  cost: number;
  rows: number;
}

/** A mock ready to answer: its schema, its random access to the plan's rows, and its limits with the rules that apply them. */
export interface MockSchema {
  schema: GraphQLSchema;
  source: MockSource;
  limits: ResolvedMockLimits;
  /** GraphQL's own rules and the depth, alias and cost limits of this mock. */
  rules: readonly ValidationRule[];
  /** Queries asked more than once, compiled (bounded: see compiled-queries.ts). */
  compiled: CompiledQueries;
  /** Documents that passed `rules`, by their text (bounded: see compiled-queries.ts). */
  validated: ValidatedDocuments;
}

export interface MockBounds {
  /** Rows a read may replay for retry-unique fields (the rows API's bound). */
  maxReplay?: number;
  /** Rows one request's filters, sorts and key indexes may read (PRODUCT.md §9: 100,000). */
  maxScan: number;
}

/** PRODUCT.md §9's defaults (the server's and `seedbed mock`'s, unless SEEDBED_MOCK_* settings say otherwise). */
export const DEFAULT_MOCK_LIMITS: ResolvedMockLimits = { depth: 15, aliases: 15, cost: 5000, rows: 5000 };

/** The server's (or `seedbed mock`'s) defaults, then what the blueprint's document sets, then what the command line says. */
/** The settings' defaults (SEEDBED_MOCK_DEPTH, …), under a blueprint's own limits and a command's flags. */
export interface MockLimitDefaults {
  mockDepth: number;
  mockAliases: number;
  mockCost: number;
  mockRows: number;
}

export function resolveMockLimits(defaults: MockLimitDefaults, document?: MockLimits, flags: MockLimits = {}): ResolvedMockLimits {
  return {
    depth: flags.depth ?? document?.depth ?? defaults.mockDepth,
    aliases: flags.aliases ?? document?.aliases ?? defaults.mockAliases,
    cost: flags.cost ?? document?.cost ?? defaults.mockCost,
    rows: flags.rows ?? document?.rows ?? defaults.mockRows,
  };
}

/** The schema a plan's mock serves: the imported SDL's when the document keeps one (§12), else PostGraphile's conventions. */
export function buildMockSchema(plan: Plan, bounds: MockBounds, graphql?: GraphqlDocumentKey, limits: ResolvedMockLimits = DEFAULT_MOCK_LIMITS): MockSchema {
  const source = mockSource(new PlanAccess(plan, bounds));
  const armor = queryLimits({ queryDepth: limits.depth, queryAliases: limits.aliases, queryCost: limits.cost });
  const schema = graphql ? buildSdlSchema(graphql) : buildDefaultSchema(plan);
  return { schema, source, limits, rules: [...specifiedRules, ...armor.validationRules], compiled: new CompiledQueries(schema), validated: new ValidatedDocuments() };
}

/**
 * A document's generation part apart from what only its mock reads (the
 * `graphql` key and the `mock` limits): generation never reads them, and the
 * engine's compilation knows only the generation keys.
 */
export function splitDocument(document: BlueprintDocument): { generation: BlueprintDocument; graphql?: GraphqlDocumentKey; mock?: MockLimits } {
  const graphql = graphqlKeyOf(document);
  const { graphql: _sdl, mock, ...generation } = document as BlueprintDocument & { graphql?: unknown };
  return { generation: generation as BlueprintDocument, graphql, mock };
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

/** Runs a validated operation against a mock; arguments the mock could not bind are named in the answer's extensions. */
export async function executeMock(
  mock: MockSchema,
  store: OverlayStore,
  request: { document: DocumentNode; variables?: Record<string, unknown>; operationName?: string },
  authorizeWrite: () => void,
  events?: MockEventsPort,
): Promise<ExecutionResult> {
  const contextValue = await mockContext(mock, store, authorizeWrite, events);
  return withWarnings(await mock.compiled.execute(request, contextValue), contextValue);
}

/** The answer with the arguments the mock could not bind named in its extensions (`warnings`), when there are any. */
export function withWarnings(result: ExecutionResult, context: MockContext): ExecutionResult {
  return context.warnings.size ? { ...result, extensions: { ...result.extensions, warnings: [...context.warnings] } } : result;
}

/** What one operation's resolvers read and write through; `refresh` starts over with the overlay as it is now (each event of a live subscription). */
export async function mockContext(mock: MockSchema, store: OverlayStore, authorizeWrite: () => void, events?: MockEventsPort): Promise<MockContext> {
  const context = { warnings: new Set<string>(), events } as MockContext;
  context.refresh = async () => {
    const data = new MockData(mock.source, await OverlayView.open(store), mock.limits.rows);
    context.data = data;
    context.writes = new MockWrites(data, store, authorizeWrite, () => events?.publish());
  };
  await context.refresh();
  return context;
}
