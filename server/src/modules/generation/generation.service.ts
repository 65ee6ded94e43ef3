import { compileBlueprintAsync, isPerParent, sharedWorkerPool, tableOfPlan, type BlueprintDocument, type ChunkWorkerPool, type Plan, type Preview } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import type { Scope } from '../../scope';
import { badInput, invalidInput, notFound, rateLimited, unauthenticated } from '@seedbed/engine/errors';
import { jsonIssue } from '@seedbed/engine';
import type { Limits } from '../../config';
import type { BlueprintService } from '../blueprint/blueprint.service';
import { subjectsOf } from '../api-key/rate-limit';
import { fromEngineError } from './engine-errors';
import { FairGate } from './fair-gate';

export interface PlanRequest {
  blueprintId?: string | null;
  revision?: number | null;
  document?: unknown;
  seed?: number | null;
  rowOverrides?: Record<string, number>;
}

/** How one preview is asked for, beyond its input: by whom it is awaited, and in which answer. */
export interface PreviewCall {
  /** Aborted when the caller goes away: a preview waiting for its turn or being made stops. */
  signal?: AbortSignal;
  /** The answer the preview is part of: every preview of one request (each alias) spends from one bound of bytes. */
  answer?: AnswerBytes;
  /** Settles once the answer has left the process; until then its bytes count against the caller (none given: at once). */
  delivered?: Promise<void>;
}

/** Bytes of previews one answer holds so far (PRODUCT.md §9 bounds them per answer, not per alias). */
export interface AnswerBytes {
  spent: number;
}

/**
 * Previews one caller has waiting for a thread at most: a request's 15 aliases
 * (PRODUCT.md §9) and one more; past it, RATE_LIMITED.
 */
const PREVIEWS_WAITING = 16;

/**
 * Answers a caller may have made and not yet read, in previews' bytes per
 * answer: a client that asks for preview after preview and never reads them
 * would otherwise keep every answer in this process's memory.
 */
const UNDELIVERED_ANSWERS = 2;

/** Generation for API callers: who may generate what, within the limits of PRODUCT.md §9. */
export class GenerationService {
  /** Previews run in the engine's threads, one per caller at a time, no more at once than there are threads. */
  private readonly previews: FairGate;
  /** Bytes of previews made and not yet delivered, per subject. */
  private readonly undelivered = new Map<string, number>();

  constructor(
    private readonly blueprints: BlueprintService,
    private readonly limits: GenerationLimits,
    private readonly pool: ChunkWorkerPool = sharedWorkerPool(),
  ) {
    this.previews = new FairGate({
      slots: () => pool.threadCount,
      perSubject: 1,
      inFlightPerSubject: 1 + PREVIEWS_WAITING,
      refusal: `One preview per caller is made at a time and ${PREVIEWS_WAITING} more may wait: wait for the ones sent to finish.`,
    });
  }

  /** Previews being made and waiting for their turn in this process. */
  get previewLoad(): { running: number; waiting: number } {
    return this.previews.load;
  }

  /**
   * The preview pages through a table as the blueprint sizes it (the
   * editor shows what the blueprint makes): `limit` is a page size, an
   * answer that reaches the table's end is shorter and says the table's
   * `totalRows`, and an `offset` past the end is refused with the count.
   * The document is compiled and its rows made in the engine's threads,
   * never this one, once the caller's turn comes (see FairGate), within the
   * bytes its answer has left; a caller gone away stops its preview before
   * the next row.
   */
  async preview(scope: Scope, input: PlanRequest & { table?: string | null; offset?: number | null; limit?: number | null }, call: PreviewCall = {}): Promise<Preview> {
    const limit = input.limit ?? 20;
    const offset = input.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.limits.previewRows) {
      throw badInput('input.limit', `must be a whole number from 1 to ${this.limits.previewRows.toLocaleString('en-US')}`);
    }
    if (!Number.isSafeInteger(offset) || offset < 0) throw badInput('input.offset', 'must be a whole number of at least 0');
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    const { signal } = call;
    const answer = call.answer ?? { spent: 0 };
    // The turn first: a caller's excess is refused before it costs a query or a compile here.
    const subjects = subjectsOf(scope.actor);
    const release = await this.previews.enter(subjects, signal);
    try {
      this.refuseUnread(subjects);
      const { document, validationKey } = await this.documentOf(scope, input);
      const compile = { seed: input.seed ?? undefined, rowOverrides: input.rowOverrides, validationKey, maxRows: this.limits.planRows, maxCellBytes: this.limits.cellBytes, maxTables: this.limits.maxTables, maxFields: this.limits.maxFields };
      // Compiled, checked and made in a worker thread: a 1 MB document compiles for seconds.
      const preview = await this.pool.preview({ document, compile, window: { table: input.table, offset, limit }, maxBytes: this.limits.previewBytes, spentBytes: answer.spent }, { signal });
      // Stopped: nobody is left to read what is thrown.
      if (!preview) throw signal?.reason ?? new Error('the preview was stopped');
      answer.spent += preview.bytes;
      this.holdUntil(subjects, preview.bytes, call.delivered);
      return preview;
    } catch (error) {
      throw fromEngineError(error);
    } finally {
      release();
    }
  }

  /** Refuses a caller whose previews made earlier still wait, unread, to leave this process. */
  private refuseUnread(subjects: string[]): void {
    const most = Math.max(0, ...subjects.map((s) => this.undelivered.get(s) ?? 0));
    if (most < UNDELIVERED_ANSWERS * this.limits.previewBytes) return;
    throw rateLimited(`${fmt(most)} bytes of previews made for this caller have not been read yet: read them before asking for more.`, 1);
  }

  /** Counts `bytes` against the subjects until `delivered` settles. */
  private holdUntil(subjects: string[], bytes: number, delivered: Promise<void> | undefined): void {
    if (!delivered) return;
    const add = (sign: number) => {
      for (const subject of subjects) {
        const left = (this.undelivered.get(subject) ?? 0) + sign * bytes;
        if (left > 0) this.undelivered.set(subject, left);
        else this.undelivered.delete(subject);
      }
    };
    add(1);
    void delivered.finally(() => add(-1));
  }

  /**
   * The plan for a window of rows `offset` … `offset + count − 1` of one
   * table (the rows API, `seedbed generate --offset --rows`): a table of its
   * own size (a root) grows to hold the window; a table sized by its parents
   * has the rows it has, so a window past its end is refused at `count` (or
   * `offset`) with the real count, never answered short.
   */
  async window(scope: Scope, request: PlanRequest & WindowRequest): Promise<{ plan: Plan; table: string; offset: number; count: number }> {
    const { document, validationKey } = await this.documentOf(scope, request);
    const named = tableOfDocument(document, request.table, request.paths.table);
    const { offset, count } = request;
    const grow = named && !isPerParent(named.rows) && count !== undefined && typeof named.rows === 'number' && offset + count > named.rows;
    const rowOverrides = grow ? { ...request.rowOverrides, [named.name]: offset + count } : request.rowOverrides;
    let plan: Plan;
    try {
      plan = await compilePlan(document, { seed: request.seed ?? undefined, rowOverrides, validationKey }, this.limits);
    } catch (error) {
      // Growing the table took the plan past its bounds: that is the window's doing, so say it there.
      if (grow && error instanceof AppError && /^tables\[\d+\]\.rows$/.test(String(error.extensions.path))) throw badInput(request.paths.count, error.message);
      throw error;
    }
    const table = tableOfPlan(plan, request.table, request.paths.table);
    const rows = plan.table(table).layout.rows;
    if (offset > rows) throw badInput(request.paths.offset, `${table} has ${formatRows(rows)}: offset ${fmt(offset)} is past its end`);
    if (count !== undefined && offset + count > rows) {
      throw badInput(request.paths.count, `${table} has ${formatRows(rows)} (its size follows its parent rows): ask for ${fmt(rows - offset)} or fewer from offset ${fmt(offset)}`);
    }
    return { plan, table, offset, count: count ?? rows - offset };
  }

  /** The document to compile, with the key of its verdicts when it is a saved (immutable) revision. */
  private async documentOf(scope: Scope, request: PlanRequest): Promise<{ document: BlueprintDocument; validationKey?: string }> {
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    if (request.blueprintId && request.document !== undefined && request.document !== null) {
      throw badInput('input.document', 'give either blueprintId or document, not both');
    }
    if (request.blueprintId) {
      const blueprint = await this.blueprints.get(scope, request.blueprintId, 'VIEWER');
      const number = request.revision ?? blueprint.currentRevision;
      const revision = await scope.loaders.revision.load(`${blueprint.id}:${number}`);
      if (!revision) throw notFound('BlueprintRevision', `${blueprint.id}@${number}`);
      return { document: revision.document, validationKey: revisionValidationKey(revision) };
    }
    if (request.document === undefined || request.document === null) throw badInput('input.blueprintId', 'give a blueprintId or a document');
    // Walked before the engine's recursive validators see it: no deeper than they can go, only finite numbers.
    const unusable = jsonIssue(request.document);
    if (unusable) throw invalidInput([unusable]);
    return { document: request.document as BlueprintDocument };
  }
}

export interface WindowRequest {
  table?: string;
  offset: number;
  /** Rows from `offset`; unset: to the end of the table. */
  count?: number;
  /** Where each input is in the caller's request: `count` for the rows API, `--rows` for the command line. */
  paths: { table: string; offset: string; count: string };
}

const fmt = (n: number) => n.toLocaleString('en-US');
const formatRows = (n: number) => `${fmt(n)} ${n === 1 ? 'row' : 'rows'}`;

/** A table of the document by name (case-insensitive), or the first; undefined when the document cannot say. */
function tableOfDocument(document: BlueprintDocument, name: string | undefined, path: string) {
  const tables = Array.isArray(document?.tables) ? document.tables : [];
  if (!name) return tables[0];
  const found = tables.find((t) => typeof t?.name === 'string' && t.name.toLowerCase() === name.toLowerCase());
  if (!found && tables.length) throw badInput(path, `names no table of this blueprint (${tables.map((t) => t?.name).join(', ')})`);
  return found;
}

/** The rows API's checks of a window, made by the engine for previews in its threads (see previewOfDocument). */
export { INLINE_REPLAY_ROWS, refuseLongReplay } from '@seedbed/engine';

/** The limits of PRODUCT.md §9 that generation for API callers applies. */
export type GenerationLimits = Pick<Limits, 'previewRows' | 'previewBytes' | 'planRows' | 'cellBytes' | 'maxTables' | 'maxFields'>;

/** The engine's `validationKey` of a saved revision: revisions never change, so one validation per process is enough. */
export function revisionValidationKey(revision: { id: string }): string {
  return `revision:${revision.id}`;
}

/**
 * Plans of saved revisions compiled lately, by revision, seed and row counts:
 * a revision never changes, and compiling a large one (100 tables of 300
 * fields) takes seconds of this thread, which the rows API and the mock would
 * otherwise pay on every request.
 */
const compiledPlans = new Map<string, Promise<Plan>>();
const COMPILED_PLANS = 8;

/**
 * `compileBlueprintAsync` on the process's worker pool within the §9 limits,
 * with engine errors as API errors; a saved revision's plan (`validationKey`)
 * is compiled once for the last few asked.
 */
export async function compilePlan(
  document: BlueprintDocument,
  options: { seed?: number; rowOverrides?: Record<string, number>; validationKey?: string },
  limits: Pick<Limits, 'planRows' | 'cellBytes' | 'maxTables' | 'maxFields'>,
): Promise<Plan> {
  const compile = () => compileBlueprintAsync(document, { ...options, maxRows: limits.planRows, maxCellBytes: limits.cellBytes, maxTables: limits.maxTables, maxFields: limits.maxFields, pool: sharedWorkerPool() });
  try {
    if (!options.validationKey) return await compile();
    const key = JSON.stringify([options.validationKey, options.seed ?? null, options.rowOverrides ?? {}, limits.planRows, limits.cellBytes, limits.maxTables, limits.maxFields]);
    let plan = compiledPlans.get(key);
    if (plan) compiledPlans.delete(key); // taken out and put back: the most recently used is last
    else {
      plan = compile();
      plan.catch(() => compiledPlans.delete(key));
    }
    compiledPlans.set(key, plan);
    if (compiledPlans.size > COMPILED_PLANS) compiledPlans.delete(compiledPlans.keys().next().value!);
    return await plan;
  } catch (error) {
    throw fromEngineError(error);
  }
}
