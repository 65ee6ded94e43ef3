import { compileBlueprintAsync, previewRows, rowsReplayedFor, sharedWorkerPool, type BlueprintDocument, type Plan, type Preview } from '../../engine';
import type { Scope } from '../../scope';
import { badInput, invalidInput, notFound, unauthenticated } from '../../errors';
import { jsonIssue } from '../../json-input';
import type { Limits } from '../../config';
import type { BlueprintService } from '../blueprint/blueprint.service';
import { engineCall, fromEngineError } from './engine-errors';

export interface PlanRequest {
  blueprintId?: string | null;
  revision?: number | null;
  document?: unknown;
  seed?: number | null;
  rowOverrides?: Record<string, number>;
}

/** Generation for API callers: who may generate what, within the limits of PRODUCT.md §9. */
export class GenerationService {
  constructor(
    private readonly blueprints: BlueprintService,
    private readonly limits: GenerationLimits,
  ) {}

  /**
   * The plan of a saved blueprint revision (VIEWER) or of an unsaved document
   * (any signed-in caller). Refused on its row bounds before any work; large
   * per-parent layouts are counted in the engine's threads, never this one.
   */
  async plan(scope: Scope, request: PlanRequest): Promise<Plan> {
    const document = await this.documentOf(scope, request);
    return compilePlan(document, { seed: request.seed ?? undefined, rowOverrides: request.rowOverrides }, this.limits);
  }

  async preview(scope: Scope, input: PlanRequest & { table?: string | null; offset?: number | null; limit?: number | null }): Promise<Preview> {
    const limit = input.limit ?? 20;
    const offset = input.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.limits.previewRows) {
      throw badInput('input.limit', `must be between 1 and ${this.limits.previewRows}`);
    }
    if (!Number.isSafeInteger(offset) || offset < 0) throw badInput('input.offset', 'must be a whole number of at least 0');
    const plan = await this.plan(scope, input);
    const table = tableOf(plan, input.table, 'input.table');
    refuseLongReplay(plan, table, offset, 'input.offset');
    return engineCall(() => previewRows(plan, table, offset, limit, { maxBytes: this.limits.previewBytes }));
  }

  private async documentOf(scope: Scope, request: PlanRequest): Promise<BlueprintDocument> {
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    if (request.blueprintId && request.document !== undefined && request.document !== null) {
      throw badInput('input.document', 'give either blueprintId or document, not both');
    }
    if (request.blueprintId) {
      const blueprint = await this.blueprints.get(scope, request.blueprintId, 'VIEWER');
      const number = request.revision ?? blueprint.currentRevision;
      const revision = await scope.loaders.revision.load(`${blueprint.id}:${number}`);
      if (!revision) throw notFound('BlueprintRevision', `${blueprint.id}@${number}`);
      return revision.document;
    }
    if (request.document === undefined || request.document === null) throw badInput('input.blueprintId', 'give a blueprintId or a document');
    // Walked before the engine's recursive validators see it: no deeper than they can go, only finite numbers.
    const unusable = jsonIssue(request.document);
    if (unusable) throw invalidInput([unusable]);
    return request.document as BlueprintDocument;
  }
}

/** A table of the plan by name (case-insensitive), or the first table. */
export function tableOf(plan: Plan, name: string | null | undefined, path: string): string {
  if (!name) return plan.document.tables[0].name;
  const found = plan.document.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
  if (!found) throw badInput(path, `names no table of this blueprint (${plan.document.tables.map((t) => t.name).join(', ')})`);
  return found.name;
}

/**
 * Rows the API thread may replay to answer at an offset: about 80 ms. Deeper
 * windows of such tables are a run's job (its workers replay off this thread).
 */
export const INLINE_REPLAY_ROWS = 100_000;

/** Refuses a window whose rows depend on more earlier rows than this thread may replay (retry-unique fields). */
export function refuseLongReplay(plan: Plan, table: string, offset: number, path: string): void {
  const replayed = rowsReplayedFor(plan.table(table), offset);
  if (replayed <= INLINE_REPLAY_ROWS) return;
  throw badInput(
    path,
    `"${table}" has a unique field whose values depend on every row before (or references one); rows past ${INLINE_REPLAY_ROWS.toLocaleString('en-US')} of it cannot be made here (${replayed.toLocaleString('en-US')} would be replayed): start a run instead`,
  );
}

/** The limits of PRODUCT.md §9 that generation for API callers applies. */
export type GenerationLimits = Pick<Limits, 'previewRows' | 'previewBytes' | 'planRows' | 'cellBytes'>;

/** `compileBlueprintAsync` on the process's worker pool within the §9 limits, with engine errors as API errors. */
export async function compilePlan(
  document: BlueprintDocument,
  options: { seed?: number; rowOverrides?: Record<string, number> },
  limits: Pick<Limits, 'planRows' | 'cellBytes'>,
): Promise<Plan> {
  try {
    return await compileBlueprintAsync(document, { ...options, maxRows: limits.planRows, maxCellBytes: limits.cellBytes, pool: sharedWorkerPool() });
  } catch (error) {
    throw fromEngineError(error);
  }
}
