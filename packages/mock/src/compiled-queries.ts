/**
 * A mock's operations compiled once (graphql-jit) and run again without
 * graphql-js's per-field work (argument maps, type checks, resolve info): on
 * a nested page that work was over half of an answer's time. The answers are
 * graphql-js's own: an operation is compiled only the second time it is
 * asked (a stream of one-off queries never pays for compiling), documents
 * with directives (@skip/@include, where graphql-jit's handling of fragment
 * spreads is still being reworked), mutations, and variables graphql-js
 * refuses take graphql-js's path, and so does anything graphql-jit declines
 * to compile.
 *
 * graphql-jit builds each compiled operation with `new Function` from the
 * validated document and the mock's schema (names are checked by the
 * GraphQL grammar before they reach it; values are passed, never inlined as
 * code). Bounds: at most `MAX_COMPILED` operations per mock (least recently
 * used first out), operations of at most `MAX_COMPILED_SOURCE` characters,
 * and at most `MAX_SEEN` texts remembered as seen once.
 */
import { execute, getOperationAST, getVariableValues, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** Compiled operations one mock (a revision and seed) keeps: a nested screen query measured ~260 KB of heap compiled. */
export const MAX_COMPILED = 16;
/** Longest operation text compiled (a real client's screen query is a few KB). */
export const MAX_COMPILED_SOURCE = 20_000;
/** Operation texts remembered as asked once, awaiting a second ask before they are compiled. */
export const MAX_SEEN = 1_000;

export interface OperationRequest {
  document: DocumentNode;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** Not compiled: graphql-js answers (declined once, it is not tried again). */
const DECLINED = Symbol('declined');

export class CompiledQueries {
  private readonly compiled = new Map<string, CompiledQuery | typeof DECLINED>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly max = MAX_COMPILED,
    /** Compile on the first ask (tests comparing both paths). */
    private readonly compileAtOnce = false,
  ) {}

  /** Runs `request` with `contextValue`: compiled when asked before, else through graphql-js's `execute`. */
  execute(request: OperationRequest, contextValue: unknown): Promise<ExecutionResult> | ExecutionResult {
    const compiled = this.lookup(request);
    if (!compiled) return execute({ schema: this.schema, document: request.document, variableValues: request.variables, operationName: request.operationName, contextValue });
    return compiled.query(undefined, contextValue, request.variables ?? {}) as Promise<ExecutionResult> | ExecutionResult;
  }

  /** How many operations are compiled now (for tests and benches). */
  get size(): number {
    let n = 0;
    for (const c of this.compiled.values()) if (c !== DECLINED) n++;
    return n;
  }

  private lookup({ document, variables, operationName }: OperationRequest): CompiledQuery | undefined {
    const text = document.loc?.source.body;
    // Directives and unparsed documents (no source kept) stay with graphql-js.
    if (text === undefined || text.length > MAX_COMPILED_SOURCE || text.includes('@')) return undefined;
    const key = `${operationName ?? ''}\u0000${text}`;
    let compiled = this.compiled.get(key);
    if (compiled === undefined) {
      if (!this.compileAtOnce && !this.seen.has(key)) {
        if (this.seen.size >= MAX_SEEN) this.seen.delete(this.seen.values().next().value!);
        this.seen.add(key);
        return undefined;
      }
      this.seen.delete(key);
      compiled = this.compile(document, operationName);
    } else {
      // Most recently used last.
      this.compiled.delete(key);
    }
    this.compiled.set(key, compiled);
    while (this.compiled.size > this.max) this.compiled.delete(this.compiled.keys().next().value!);
    if (compiled === DECLINED) return undefined;
    // Variables graphql-js would refuse get its own words for it.
    const operation = getOperationAST(document, operationName);
    if (operation?.variableDefinitions?.length && 'errors' in getVariableValues(this.schema, operation.variableDefinitions, variables ?? {})) return undefined;
    return compiled;
  }

  private compile(document: DocumentNode, operationName: string | undefined): CompiledQuery | typeof DECLINED {
    // Queries alone: mutations run once each and in order, subscriptions live over graphql-ws.
    if (getOperationAST(document, operationName)?.operation !== 'query') return DECLINED;
    try {
      const compiled = compileQuery(this.schema, document, operationName, { disablingCapturingStackErrors: true });
      return isCompiledQuery(compiled) ? compiled : DECLINED;
    } catch {
      return DECLINED;
    }
  }
}

/** Valid documents one mock keeps by their text. */
export const MAX_VALIDATED = 32;

/**
 * Documents a mock has parsed and validated (with its own limits), by text:
 * an app sends the same few queries again and again, and parsing and
 * validating them cost more than answering once they run compiled. Only
 * documents that passed are kept (at most `MAX_VALIDATED` per mock, of at
 * most `MAX_COMPILED_SOURCE` characters each); a refused one is parsed and
 * refused again each time, with the same words.
 */
export class ValidatedDocuments {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly max = MAX_VALIDATED) {}

  get(text: string): DocumentNode | undefined {
    const document = this.documents.get(text);
    if (document) {
      this.documents.delete(text);
      this.documents.set(text, document);
    }
    return document;
  }

  /** Keeps `document`, parsed from `text` and found valid for this mock. */
  set(text: string, document: DocumentNode): void {
    if (text.length > MAX_COMPILED_SOURCE) return;
    this.documents.set(text, document);
    while (this.documents.size > this.max) this.documents.delete(this.documents.keys().next().value!);
  }
}
