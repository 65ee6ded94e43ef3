import type { DataSource, EntityManager } from 'typeorm';
import { DIALECTS, FORMATS, type Dialect, type Format, type Plan } from '@seedbed/engine';
import type { Config } from '../../config';
import type { Actor, Scope } from '../../scope';
import { AppError, badInput, notFound, nullIfHidden } from '@seedbed/engine/errors';
import { isUuid } from '../../ids';
import { paginate, type PageArgs } from '../../pagination';
import type { AuditService } from '../audit/audit.service';
import type { BlueprintService } from '../blueprint/blueprint.service';
import { compilePlan, revisionValidationKey } from '../generation/generation.service';
import { outputOptionsOf, type OutputOptionsRequest } from '../generation/output-input';
import { checkTarget } from '@seedbed/import';
import { requireRole } from '../project/access';
import type { RunEvents } from './run-events';
import { RunsStore } from './runs-store';
import type { RunTarget } from './run-target';
import { RunEntity } from './run.entity';
import { leastBytesOf, type DiskBudget } from './disk-budget';
import type { RunFiles } from './file-target';
import { ShardsStore } from './shards-store';
import { seal } from './target-secret';

export interface StartRunInput {
  blueprintId: string;
  revision?: number | null;
  seed?: number | null;
  rows?: number | null;
  table?: string | null;
  target: {
    files?: { formats: string[]; dialect?: string | null; gzip?: boolean | null } | null;
    database?: { url: string; truncate?: boolean | null; createTables?: boolean | null } | null;
  };
  /** Files only: delimiter, header row, line ending, NULL marker, pretty JSON. */
  output?: OutputOptionsRequest | null;
}

/** The shard that carries a database load: a load is one transaction, so it is never split. */
export const WHOLE_RUN_SHARD = '*';

/**
 * Whom a run counts against for the caps and the fair shares: the signed-in
 * user, or the user who made the API key (the key itself once that user is
 * gone), so that making more keys gives nobody more runs.
 */
function ownerOf(actor: Actor): string {
  if (actor.kind === 'user') return actor.user.id;
  if (actor.kind === 'apiKey') return actor.apiKey.createdById ?? actor.apiKey.id;
  throw new Error('an anonymous caller cannot start runs');
}

/** Told to a caller at the cap: runs take minutes, and one finishing frees a place. */
const CAP_RETRY_AFTER_SECONDS = 60;

/** Runs: start (pinned to a revision), cancel, read. Workers do the generating (run-worker.ts). */
export class RunService {
  /** The run's status is the store's to write, here as in the workers. */
  private readonly runs: RunsStore;

  constructor(
    private readonly db: DataSource,
    private readonly blueprints: BlueprintService,
    private readonly audit: AuditService,
    private readonly files: RunFiles,
    private readonly disk: DiskBudget,
    private readonly events: RunEvents,
    private readonly config: Config,
    private readonly secretKey: Buffer,
  ) {
    this.runs = new RunsStore(db);
  }

  find(scope: Scope, id: string): Promise<RunEntity | null> {
    return nullIfHidden(this.get(scope, id, 'VIEWER'));
  }

  async get(scope: Scope, id: string, required: 'VIEWER' | 'EDITOR', action?: string): Promise<RunEntity> {
    const run = isUuid(id) ? await this.db.getRepository(RunEntity).findOneBy({ id }) : null;
    if (!run) throw notFound('Run', id);
    await requireRole(scope, run.projectId, required, () => notFound('Run', id), action);
    return run;
  }

  async listForProject(scope: Scope, projectId: string, page: PageArgs) {
    await requireRole(scope, projectId, 'VIEWER', () => notFound('Project', projectId));
    const query = this.db.getRepository(RunEntity).createQueryBuilder('r').where('r.projectId = :projectId', { projectId });
    return paginate(query, page, 'DESC');
  }

  async start(scope: Scope, input: StartRunInput): Promise<RunEntity> {
    const blueprint = await this.blueprints.get(scope, input.blueprintId, 'EDITOR', 'start runs');
    const ownerId = ownerOf(scope.actor);
    await this.checkCaps(this.db.manager, ownerId, blueprint.projectId, false);
    const number = input.revision ?? blueprint.currentRevision;
    const revision = await scope.loaders.revision.load(`${blueprint.id}:${number}`);
    if (!revision) throw badInput('input.revision', `blueprint has no revision ${number}`);

    const rowOverrides: Record<string, number> = {};
    if (input.rows !== undefined && input.rows !== null) {
      if (!Number.isInteger(input.rows) || input.rows < 0) throw badInput('input.rows', 'must be a whole number of at least 0');
      // Checked before compiling: laying out child tables takes time in the parent rows. 2^53 and more land here too, with this bound.
      if (input.rows > this.config.limits.runRows) throw badInput('input.rows', `at most ${this.config.limits.runRows.toLocaleString('en-US')} rows are allowed in a run`);
      const named = input.table ?? revision.document.tables.find((t) => typeof t.rows === 'number')?.name;
      if (!named) throw badInput('input.table', 'name a table with a fixed row count');
      rowOverrides[named] = input.rows;
    }
    // Bounds (config.limits.planRows) are checked before any layout; large layouts are counted off this thread.
    const plan = await compilePlan(revision.document, { seed: input.seed ?? undefined, rowOverrides, validationKey: revisionValidationKey(revision) }, this.config.limits);
    const rowsTotal = plan.tables.reduce((sum, t) => sum + t.layout.rows, 0);
    if (rowsTotal > this.config.limits.runRows) {
      throw badInput('input.rows', `the run would make ${rowsTotal} rows; at most ${this.config.limits.runRows} are allowed`);
    }
    const { target, secret } = await this.target(input.target, input.output);
    if (target.kind === 'FILES') {
      // The local folder is on this machine's disk (workers share it); an S3 worker checks its own spool.
      const refusal = await this.disk.refusal(blueprint.projectId, leastBytesOf(plan, target.formats.length, target.gzip), this.config.runs.s3 ? undefined : this.files.store.diskDir);
      if (refusal) throw new AppError('PAYLOAD_TOO_LARGE', `This run cannot start: ${refusal}.`, { path: input.rows !== undefined && input.rows !== null ? 'input.rows' : 'input.blueprintId' });
    }
    const shards = target.kind === 'FILES' ? this.shardsOf(plan) : [{ table: WHOLE_RUN_SHARD, index: 0, from: 0, to: rowsTotal }];

    const run = await this.db.transaction(async (manager) => {
      await this.checkCaps(manager, ownerId, blueprint.projectId);
      const saved = await manager.save(
        manager.create(RunEntity, {
          projectId: blueprint.projectId,
          blueprintId: blueprint.id,
          revision: number,
          document: revision.document,
          seed: plan.seed,
          rowOverrides,
          target,
          targetSecret: secret,
          status: 'QUEUED',
          rowsTotal,
          shardsTotal: shards.length,
          shardsDone: 0,
          attempts: 0,
          requestedById: scope.actor.kind === 'user' ? scope.actor.user.id : null,
          ownerId,
        }),
      );
      await new ShardsStore(this.db).create(manager, saved.id, shards);
      // Workers waiting for work take its shards once this commits.
      await this.events.shardsReady(manager);
      await this.audit.record(manager, scope.actor, {
        projectId: blueprint.projectId, action: 'run.start', targetType: 'Run', targetId: saved.id,
        data: { blueprintId: blueprint.id, revision: number, rows: rowsTotal, target: target.kind },
      });
      return saved;
    });
    await this.events.publish(run.id);
    return run;
  }

  /**
   * Refuses a run past the caps on QUEUED and RUNNING runs per user and per
   * project. Inside the transaction that records the run, after locks on the
   * user and the project: concurrent starts are counted one after another.
   * Also asked without the locks before the run's plan is made, so a caller
   * at the cap costs no planning.
   */
  private async checkCaps(tx: EntityManager, ownerId: string, projectId: string, locked = true): Promise<void> {
    if (locked) await tx.query('SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))', [ownerId, projectId]);
    const [active]: { user: number; project: number }[] = await tx.query(
      `SELECT count(*) FILTER (WHERE owner_id = $1)::int AS user, count(*) FILTER (WHERE project_id = $2)::int AS project
       FROM runs WHERE status IN ('QUEUED', 'RUNNING') AND (owner_id = $1 OR project_id = $2)`,
      [ownerId, projectId],
    );
    const { activeRunsPerUser, activeRunsPerProject } = this.config.limits;
    const refuse = (message: string, limit: number) =>
      new AppError('RATE_LIMITED', `${message}; start this one when one of them finishes or is cancelled.`, { path: 'input', limit, retryAfter: CAP_RETRY_AFTER_SECONDS });
    if (active.user >= activeRunsPerUser) throw refuse(`You have ${active.user} runs queued or running, the most one user may have (API keys count as the user who made them)`, activeRunsPerUser);
    if (active.project >= activeRunsPerProject) throw refuse(`This project has ${active.project} runs queued or running, the most one project may have`, activeRunsPerProject);
  }

  async cancel(scope: Scope, id: string): Promise<RunEntity> {
    const run = await this.get(scope, id, 'EDITOR', 'cancel runs');
    const moved = await this.runs.transition(id, 'CANCELLED', { finishedNow: true });
    if (!moved) {
      const { status } = await this.db.getRepository(RunEntity).findOneByOrFail({ id });
      throw new AppError('RUN_NOT_CANCELLABLE', `Run ${id} is ${status}; only a QUEUED or RUNNING run can be cancelled.`, { status });
    }
    // Workers notice within a tick and remove what they were writing; this removes what is finished.
    // The run is cancelled either way: a failed cleanup is retried by the workers, not reported.
    await this.files.remove(run.id).catch(() => {});
    await this.events.publish(id);
    return this.db.getRepository(RunEntity).findOneByOrFail({ id });
  }

  /** Each table cut into shards of `shardRows`; an empty table still gets one (its file has a header). */
  private shardsOf(plan: Plan) {
    const size = this.config.runs.shardRows;
    return plan.order.flatMap((table) => {
      const rows = plan.table(table).layout.rows;
      const count = Math.max(1, Math.ceil(rows / size));
      return Array.from({ length: count }, (_, index) => ({ table, index, from: index * size, to: Math.min(rows, (index + 1) * size) }));
    });
  }

  private async target(input: StartRunInput['target'], outputInput: StartRunInput['output']): Promise<{ target: RunTarget; secret: string | null }> {
    if (Boolean(input.files) === Boolean(input.database)) throw badInput('input.target', 'give exactly one of files or database');
    if (outputInput && input.database) throw badInput('input.output', 'output options apply to files; a database load has none');
    if (input.files) {
      const formats = [...new Set(input.files.formats.map((f) => f.toLowerCase()))] as Format[];
      if (!formats.length || formats.some((f) => !FORMATS.includes(f))) {
        throw badInput('input.target.files.formats', `choose one or more of ${FORMATS.join(', ')}`);
      }
      const dialect = (input.files.dialect ?? 'postgres').toLowerCase() as Dialect;
      if (!DIALECTS.includes(dialect)) throw badInput('input.target.files.dialect', `must be one of ${DIALECTS.join(', ')}`);
      const output = outputOptionsOf(outputInput, formats);
      const files: RunTarget = { kind: 'FILES', formats, dialect, gzip: input.files.gzip ?? false };
      return { target: output ? { ...files, output } : files, secret: null };
    }
    const database = input.database!;
    // Checked now for a quick answer, and again by the worker when it connects.
    const resolved = await checkTarget(database.url, { allowPrivate: this.config.allowPrivateTargets, path: 'input.target.database.url' });
    return {
      target: {
        kind: 'DATABASE',
        dialect: resolved.engine,
        host: resolved.servername,
        database: resolved.database,
        truncate: database.truncate ?? false,
        createTables: database.createTables ?? true,
      },
      secret: seal(this.secretKey, database.url),
    };
  }
}
