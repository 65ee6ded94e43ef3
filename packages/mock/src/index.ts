/**
 * The mock GraphQL API of a blueprint: a schema (the default one, or a user's
 * SDL bound to tables) answered from the generated rows, with writes kept in
 * an overlay whose storage the caller injects (`MemoryOverlayStore`, or the
 * server's PostgreSQL store).
 *
 *   const mock = buildMockSchema(plan, { maxScan }, graphqlKey, resolveMockLimits(defaults, documentLimits))
 *   const context = await mockContext(mock, store, events)
 *   await executeMock(mock, request, context)
 */
export { buildMockSchema, executeMock, mockContext, resolveMockLimits, splitDocument, withWarnings, MockSchemaCache, DEFAULT_MOCK_LIMITS, type MockSchema, type ResolvedMockLimits, type MockLimitDefaults, type MockBounds } from './mock-schema';
export type { MockContext, MockEventsPort } from './context';
export { MemoryOverlayStore, entryBytes, overlayFull, type OverlayStore, type OverlayBounds, type ChangedRow, type NewEntry, type OverlayEntry, type TableCounts } from './overlay';
export { keyText, type Filter } from './filter';
export { describeMock, mockAnswersOf, type MockAnswer, type MockAnswerKind } from './describe';
export { mockExampleQuery } from './example-query';
export { sdlIssue } from './sdl-schema';
export { graphqlKeyOf, type GraphqlDocumentKey, type SdlMapping, type SdlTypeMapping, type SdlFieldMapping, type SdlRootMapping } from './sdl-mapping';
// The SDL importer (@seedbed/import) binds a user's SDL to tables with these.
export { plural, singular } from './naming';
export { resolveMapping } from './resolve-mapping';
export { bindByConvention } from './sdl-bindings';
export { classify, shapeOf, type FieldShape } from './sdl-kinds';
export { queryLimits, MAX_TOKENS, type QueryLimitSettings } from './query-limits';
export { PAGE_SIZE_MAX } from './query-cost';
