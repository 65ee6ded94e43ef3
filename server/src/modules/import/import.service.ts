/**
 * `importPreview` and `importBlueprint` (PRODUCT.md §12): checks the input's
 * size and kind before any work, runs the source off the event loop, and
 * saves through the blueprint service, so an imported document is validated
 * and audited exactly like a typed one; a refused document creates nothing.
 */
import type { Scope } from '../../scope';
import { AppError, badInput, notFound, unauthenticated } from '../../errors';
import type { BlueprintService } from '../blueprint/blueprint.service';
import type { BlueprintEntity } from '../blueprint/blueprint.entity';
import { requireRole } from '../project/access';
import { sharedImportRunner, type ImportRunner } from './import-runner';
import { importSample } from './sample/import-sample';
import { DEFAULT_SAMPLE_LIMITS, type SampleInput, type SampleKind } from './sample/read';
import { importSourceOf } from './sources';
import { withSamples } from './infer/samples';
import type { ImportResult, ImportSource } from './types';

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
}

/** A blueprint's name, as the document keeps it. */
const MAX_NAME = 100;

export class ImportService {
  constructor(
    private readonly blueprints: BlueprintService,
    private readonly settings: ImportSettings,
    private readonly runner: ImportRunner = sharedImportRunner(),
  ) {}

  async preview(scope: Scope, input: ImportInput): Promise<ImportResult> {
    const { projectId } = input;
    // Imports cost work: only signed-in callers, counted by the expensive-operation budget.
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    if (projectId) await requireRole(scope, projectId, 'VIEWER', () => notFound('Project', projectId));
    return this.run(input);
  }

  /**
   * A sample uploaded as a stream (`POST /api/v1/imports/preview`): read in
   * slices on this thread, each a few milliseconds, within `sampleBytes`.
   */
  async previewSample(scope: Scope, kind: SampleKind, body: SampleInput, name?: string): Promise<ImportResult> {
    if (scope.actor.kind === 'anonymous') throw unauthenticated();
    if (name !== undefined && (name.trim() === '' || name.length > MAX_NAME)) throw badInput('name', `A blueprint name has 1 to ${MAX_NAME} characters.`);
    try {
      return withSamples(await importSample(body, kind, { name, limits: { ...DEFAULT_SAMPLE_LIMITS, maxBytes: this.settings.sampleBytes } }));
    } catch (error) {
      // The upload's problems are in its body, not in a GraphQL input.
      if (error instanceof AppError && error.extensions.path === 'input.text') throw new AppError(error.code, error.message, { ...error.extensions, path: 'body' }, error.status);
      throw error;
    }
  }

  async create(scope: Scope, input: ImportInput & { projectId: string }): Promise<BlueprintEntity> {
    await requireRole(scope, input.projectId, 'EDITOR', () => notFound('Project', input.projectId), 'import blueprints');
    const { document } = await this.run(input);
    return this.blueprints.create(scope, { projectId: input.projectId, document });
  }

  private run(input: ImportInput): Promise<ImportResult> {
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
    return this.runner.run(input.source, value, { ...(input.name ? { name: input.name.trim() } : {}), allowPrivateTargets: this.settings.allowPrivateTargets });
  }
}
