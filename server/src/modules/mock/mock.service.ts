import type { DataSource } from 'typeorm';
import type { BlueprintDocument } from '@seedbed/engine';
import { badInput, forbidden, notFound } from '@seedbed/engine/errors';
import { isUuid } from '../../ids';
import type { Limits } from '../../config';
import type { Scope } from '../../scope';
import type { BlueprintService } from '../blueprint/blueprint.service';
import { compilePlan, INLINE_REPLAY_ROWS, revisionValidationKey } from '../generation/generation.service';
import { requireRole, roleIn } from '../project/access';
import { hasRole } from '../project/role';
import { ProjectEntity } from '../project/project.entity';
import type { MockEventsPort } from '@seedbed/mock';
import { buildMockSchema, MockSchemaCache, resolveMockLimits, splitDocument, type MockSchema } from '@seedbed/mock';
import type { OverlayBounds, OverlayStore } from '@seedbed/mock';
import { PgOverlayStore } from './pg-overlay-store';

export interface MockRequest {
  project: string;
  blueprint: string;
  revision?: number;
  seed?: number;
}

export interface OpenMock {
  mock: MockSchema;
  store: OverlayStore;
  /** Throws FORBIDDEN unless the caller may write to the mock (EDITOR or more). */
  authorizeWrite: () => void;
  /** Writes to this mock, from any server process: what live subscriptions wait on. */
  events: MockEventsPort;
}

/** Change notices by id across server processes (the runs' LISTEN/NOTIFY fan-out serves mocks too, under ids of their own). */
export interface ChangeNotices {
  publish(id: string): Promise<void>;
  subscribe(id: string, onChange: () => void): () => void;
}

const MAX_ORIGINS = 20;

/** The mock API's side of the server: who may use which mock, its cached schema, its overlay, its CORS origins. */
export class MockService {
  private readonly schemas = new MockSchemaCache();

  constructor(
    private readonly db: DataSource,
    private readonly blueprints: BlueprintService,
    private readonly limits: Pick<Limits, 'planRows' | 'cellBytes' | 'maxTables' | 'maxFields' | 'mockScanRows' | 'mockDepth' | 'mockAliases' | 'mockCost' | 'mockRows' | 'mockOverlayRows' | 'mockOverlayBytes'>,
    private readonly notices: ChangeNotices,
  ) {}

  /** The mock of a blueprint of a project (VIEWER or more); NOT_FOUND for a non-member, as for a missing one. */
  async open(scope: Scope, request: MockRequest): Promise<OpenMock> {
    const hidden = () => notFound('Blueprint', request.blueprint);
    const blueprint = await this.blueprints.get(scope, request.blueprint, 'VIEWER');
    const project = await this.project(request.project);
    if (!project || project.id !== blueprint.projectId) throw hidden();
    const number = request.revision ?? blueprint.currentRevision;
    const revision = number >= 1 && number <= blueprint.currentRevision ? await scope.loaders.revision.load(`${blueprint.id}:${number}`) : null;
    if (!revision) throw notFound('BlueprintRevision', `${blueprint.id}@${number}`);
    const { generation, graphql, mock: limits } = splitDocument(revision.document as BlueprintDocument);
    const seed = request.seed ?? generation.seed ?? 0;
    const mock = await this.schemas.get(`${blueprint.id}:${number}:${seed}`, async () =>
      // The generation part alone is compiled: a verdict of its own.
      buildMockSchema(
        await compilePlan(generation, { seed, validationKey: `${revisionValidationKey(revision)}:generation` }, this.limits),
        { maxScan: this.limits.mockScanRows, maxReplay: INLINE_REPLAY_ROWS },
        graphql,
        resolveMockLimits(this.limits, limits),
      ),
    );
    const role = await roleIn(scope, project.id);
    const id = `mock:${blueprint.id}:${number}:${seed}`;
    return {
      mock,
      store: new PgOverlayStore(this.db, { blueprintId: blueprint.id, projectId: project.id, revision: number, seed }, this.overlayBounds()),
      events: {
        publish: () => void this.notices.publish(id).catch(() => {}),
        subscribe: (listener) => this.notices.subscribe(id, listener),
      },
      authorizeWrite: () => {
        if (!role || !hasRole(role, 'EDITOR')) throw forbidden('change a mock');
      },
    };
  }

  private overlayBounds(): OverlayBounds {
    const { mockOverlayRows: rows, mockOverlayBytes: bytes } = this.limits;
    return { rows, bytes, projectRows: rows * 5, projectBytes: bytes * 5 };
  }

  /** Forgets one mock's overlay (EDITOR or more); how many changed rows it held. */
  async reset(scope: Scope, input: { blueprintId: string; revision?: number | null; seed?: number | null }): Promise<number> {
    const blueprint = await this.blueprints.get(scope, input.blueprintId, 'VIEWER');
    const { store, authorizeWrite } = await this.open(scope, { project: blueprint.projectId, blueprint: blueprint.id, revision: input.revision ?? undefined, seed: input.seed ?? undefined });
    authorizeWrite();
    return store.reset();
  }

  /** Origins browsers may call a project's mocks from; empty for an unknown project (a preflight carries no credentials). */
  async originsOf(projectIdOrSlug: string): Promise<string[]> {
    const project = await this.project(projectIdOrSlug);
    return project ? this.origins(project.id) : [];
  }

  async origins(projectId: string): Promise<string[]> {
    const rows: { mock_origins: string[] }[] = await this.db.query('SELECT mock_origins FROM projects WHERE id = $1', [projectId]);
    return rows[0]?.mock_origins ?? [];
  }

  async setOrigins(scope: Scope, input: { projectId: string; origins: string[] }): Promise<ProjectEntity> {
    const project = isUuid(input.projectId) ? await this.db.getRepository(ProjectEntity).findOneBy({ id: input.projectId }) : null;
    if (!project) throw notFound('Project', input.projectId);
    await requireRole(scope, project.id, 'EDITOR', () => notFound('Project', input.projectId), 'set mock origins');
    if (input.origins.length > MAX_ORIGINS) throw badInput('input.origins', `at most ${MAX_ORIGINS} origins`);
    const origins = input.origins.map((origin, i) => normalOrigin(origin, `input.origins[${i}]`));
    await this.db.query('UPDATE projects SET mock_origins = $2 WHERE id = $1', [project.id, [...new Set(origins)]]);
    return project;
  }

  private async project(idOrSlug: string): Promise<ProjectEntity | null> {
    const repository = this.db.getRepository(ProjectEntity);
    return isUuid(idOrSlug) ? repository.findOneBy({ id: idOrSlug }) : repository.findOneBy({ slug: idOrSlug });
  }
}

/** `http://localhost:5173/` → `http://localhost:5173`: what a browser sends as Origin. */
function normalOrigin(text: string, path: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput(path, `"${text}" is not an origin such as http://localhost:5173`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw badInput(path, `"${text}" is not an origin such as http://localhost:5173 (scheme, host and port only)`);
  }
  return url.origin;
}
