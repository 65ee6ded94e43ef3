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
 * code). Compiled code grows with the query (measured ~0.85 KB of heap per
 * character of query text), so a mock keeps compiled operations up to
 * `MAX_COMPILED_CHARS` characters of text in all (~3.5 MB), least recently
 * used first out; texts are remembered by their SHA-256 only.
 */
import { createHash } from 'node:crypto';
import { execute, getOperationAST, getVariableValues, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** Characters of query text one mock (a revision and seed) keeps compiled, in all: a longer query runs through graphql-js. */
export const MAX_COMPILED_CHARS = 4_000;
/** Compiled operations one mock keeps, however short. */
export const MAX_COMPILED = 16;
/** Texts remembered (by hash) as asked once, or as declined. */
export const MAX_SEEN = 1_000;

export interface OperationRequest {
  document: DocumentNode;
  variables?: Record<string, unknown>;
  operationName?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64');

/** Least recently used first out, by count and by a size of each entry. */
class Bounded<T> {
  private readonly entries = new Map<string, { value: T; size: number }>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxSize: number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, size: number): void {
    if (size > this.maxSize) return;
    this.delete(key);
    this.entries.set(key, { value, size });
    this.total += size;
    while (this.entries.size > this.maxEntries || this.total > this.maxSize) this.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}

/** A set of at most `max` keys, oldest out first. */
function remember(set: Set<string>, key: string, max: number): void {
  if (set.size >= max) set.delete(set.values().next().value!);
  set.add(key);
}

export class CompiledQueries {
  private readonly compiled = new Bounded<CompiledQuery>(MAX_COMPILED, MAX_COMPILED_CHARS);
  private readonly seen = new Set<string>();
  private readonly declined = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
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
    return this.compiled.size;
  }

  private lookup({ document, variables, operationName }: OperationRequest): CompiledQuery | undefined {
    const text = document.loc?.source.body;
    // Directives, unparsed documents (no source kept) and texts past the budget stay with graphql-js.
    if (text === undefined || text.length > MAX_COMPILED_CHARS || text.includes('@')) return undefined;
    const key = digest(`${operationName ?? ''}\u0000${text}`);
    let compiled = this.compiled.get(key);
    if (!compiled) {
      if (this.declined.has(key)) return undefined;
      if (!this.compileAtOnce && !this.seen.has(key)) {
        remember(this.seen, key, MAX_SEEN);
        return undefined;
      }
      this.seen.delete(key);
      compiled = this.compile(document, operationName);
      if (!compiled) {
        remember(this.declined, key, MAX_SEEN);
        return undefined;
      }
      this.compiled.set(key, compiled, text.length);
    }
    // Variables graphql-js would refuse get its own words for it.
    const operation = getOperationAST(document, operationName);
    if (operation?.variableDefinitions?.length && 'errors' in getVariableValues(this.schema, operation.variableDefinitions, variables ?? {})) return undefined;
    return compiled;
  }

  private compile(document: DocumentNode, operationName: string | undefined): CompiledQuery | undefined {
    // Queries alone: mutations run once each and in order, subscriptions live over graphql-ws.
    if (getOperationAST(document, operationName)?.operation !== 'query') return undefined;
    try {
      const compiled = compileQuery(this.schema, document, operationName, { disablingCapturingStackErrors: true });
      return isCompiledQuery(compiled) ? compiled : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Characters of query text one mock keeps parsed and validated, in all (~85 bytes of heap each). */
export const MAX_VALIDATED_CHARS = 20_000;
/** Valid documents one mock keeps, however short. */
export const MAX_VALIDATED = 32;

/**
 * Documents a mock has parsed and validated (with its own limits), by the
 * hash of their text: an app sends the same few queries again and again,
 * and parsing and validating them cost more than answering once they run
 * compiled. Only documents that passed are kept, within `MAX_VALIDATED`
 * documents and `MAX_VALIDATED_CHARS` characters of text per mock (~1.7 MB);
 * a refused one is parsed and refused again each time, with the same words.
 */
export class ValidatedDocuments {
  private readonly documents = new Bounded<DocumentNode>(MAX_VALIDATED, MAX_VALIDATED_CHARS);

  get(text: string): DocumentNode | undefined {
    return text.length > MAX_VALIDATED_CHARS ? undefined : this.documents.get(digest(text));
  }

  /** Keeps `document`, parsed from `text` and found valid for this mock. */
  set(text: string, document: DocumentNode): void {
    this.documents.set(digest(text), document, text.length);
  }
}
