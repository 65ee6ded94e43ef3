/**
 * `importPreview` and `importBlueprint` (PRODUCT.md §12): checks the input's
 * size and kind before any work, runs the source off the event loop, and
 * saves through the blueprint service, so an imported document is validated
 * and audited exactly like a typed one; a refused document creates nothing.
 */
import type { Scope } from '../../scope';
import { AppError, badInput, notFound, unauthenticated } from '@seedbed/engine/errors';
import type { BlueprintService } from '../blueprint/blueprint.service';
import type { BlueprintEntity } from '../blueprint/blueprint.entity';
import { requireRole } from '../project/access';
import { subjectsOf } from '../api-key/rate-limit';
import { sharedImportRunner, type ImportRunner, type SampleBody } from './import-runner';
import type { SampleKind } from '@seedbed/import';
import { importSourceOf } from '@seedbed/import';
import type { ImportLimits, ImportResult, ImportSource } from '@seedbed/import';

export interface ImportInput {
  projectId?: string | null;
  name?: string | null;
  source: ImportSource;
  text?: string | null;
  url?: string | null;
}

export interface ImportSettings {
  /** Largest `text` in bytes (SEEDBED_IMPORT_BYTES). */
  importBytes: number;
  /** Largest sample uploaded as a request body (SEEDBED_SAMPLE_BYTES). */
  sampleBytes: number;
  allowPrivateTargets: boolean;
  /** Tables, fields and plan rows of a blueprint here (PRODUCT.md §9): an import never writes one past them. */
  limits: ImportLimits;
}

/** A blueprint's name, as the document keeps it. */
const MAX_NAME = 100;

export class ImportService {
  constructor(
    private readonly blueprints: BlueprintService,
    private readonly settings: ImportSettings,
    private readonly runner: ImportRunner = sharedImportRunner(),
  ) {}

  /** Imports running and waiting for a thread in this process. */
  get load(): { running: number; waiting: number } {
    return this.runner.load;
  }

  /** `signal`: aborted when the caller goes away (an import still waiting for a thread then leaves the line). */
  async preview(scope: Scope, input: ImportInput, signal?: AbortSignal): Promise<ImportResult> {
    const { projectId } = input;
    // Imports cost work: only signed-in callers, counted by the expensive-operation budget.
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    if (projectId) await requireRole(scope, projectId, 'VIEWER', () => notFound('Project', projectId));
    return this.run(scope, input, signal);
  }

  /**
   * A sample uploaded as a stream (`POST /api/v1/imports/preview`): read,
   * inferred and reported in an import thread, which asks for the body a
   * chunk at a time, within `sampleBytes`; this thread only passes chunks on.
   */
  async previewSample(scope: Scope, kind: SampleKind, body: SampleBody, name?: string, signal?: AbortSignal): Promise<ImportResult> {
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    if (name !== undefined && (name.trim() === '' || name.length > MAX_NAME)) throw badInput('name', `A blueprint name has 1 to ${MAX_NAME} characters.`);
    return this.runner.runSample(kind, body, { name, maxBytes: this.settings.sampleBytes }, { subjects: subjectsOf(scope.actor), signal });
  }

  async create(scope: Scope, input: ImportInput & { projectId: string }, signal?: AbortSignal): Promise<BlueprintEntity> {
    await requireRole(scope, input.projectId, 'EDITOR', () => notFound('Project', input.projectId), 'import blueprints');
    const { document } = await this.run(scope, input, signal);
    return this.blueprints.create(scope, { projectId: input.projectId, document });
  }

  private run(scope: Scope, input: ImportInput, signal?: AbortSignal): Promise<ImportResult> {
    const handler = importSourceOf(input.source);
    if (!handler) throw badInput('input.source', `Importing from ${input.source} is not available on this server yet.`);
    if (input.name != null && (input.name.trim() === '' || input.name.length > MAX_NAME)) {
      throw badInput('input.name', `A blueprint name has 1 to ${MAX_NAME} characters.`);
    }
    const value = handler.input === 'url' ? input.url : input.text;
    const other = handler.input === 'url' ? 'text' : 'url';
    if (value == null || value.trim() === '') throw badInput(`input.${handler.input}`, `${input.source} reads \`${handler.input}\`: give the ${handler.input === 'url' ? 'database URL' : 'schema text'}.`);
    if (input[other] != null) throw badInput(`input.${other}`, `${input.source} reads \`${handler.input}\`, not \`${other}\`.`);
    const bytes = Buffer.byteLength(value);
    if (bytes > this.settings.importBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The ${handler.input} has ${bytes.toLocaleString('en-US')} bytes; an import reads at most ${this.settings.importBytes.toLocaleString('en-US')}.`, { path: `input.${handler.input}` });
    }
    const options = { ...(input.name ? { name: input.name.trim() } : {}), allowPrivateTargets: this.settings.allowPrivateTargets, limits: this.settings.limits };
    return this.runner.run(input.source, value, options, { subjects: subjectsOf(scope.actor), signal });
  }
}
