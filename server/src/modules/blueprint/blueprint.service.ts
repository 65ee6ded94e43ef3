import type { DataSource } from 'typeorm';
import type { Scope } from '../../scope';
import { conflict, invalidInput, notFound, nullIfHidden } from '@seedbed/engine/errors';
import { isUuid } from '../../ids';
import { paginate, type PageArgs } from '../../pagination';
import { withStableKeys, type BlueprintDocument } from '@seedbed/engine';
import { requireRole } from '../project/access';
import { checkDocument, type DocumentLimits } from './check-document';
import { BlueprintRevisionEntity } from './blueprint-revision.entity';
import { BlueprintEntity } from './blueprint.entity';

export const DEFAULT_LOCALE = 'en';
/** The engine's seed for a document that names none; shown as the blueprint's default seed. */
export const DEFAULT_SEED = 0;

/** Blueprints and their immutable revisions; an edit must name the revision it was based on. */
export class BlueprintService {
  constructor(
    private readonly db: DataSource,
    /** PRODUCT.md §9: bytes in one cell, rows in one plan, tables and fields, checked when a document is saved. */
    private readonly limits: DocumentLimits,
  ) {}

  /** A blueprint the caller may read, or null (a non-member cannot tell it from a missing id). */
  find(scope: Scope, id: string): Promise<BlueprintEntity | null> {
    return nullIfHidden(this.get(scope, id, 'VIEWER'));
  }

  async get(scope: Scope, id: string, required: 'VIEWER' | 'EDITOR', action?: string): Promise<BlueprintEntity> {
    const blueprint = isUuid(id) ? await scope.loaders.blueprint.load(id) : null;
    if (!blueprint) throw notFound('Blueprint', id);
    await requireRole(scope, blueprint.projectId, required, () => notFound('Blueprint', id), action);
    return blueprint;
  }

  async listForProject(scope: Scope, projectId: string, page: PageArgs) {
    await requireRole(scope, projectId, 'VIEWER', () => notFound('Project', projectId));
    const query = this.db.getRepository(BlueprintEntity).createQueryBuilder('b').where('b.projectId = :projectId', { projectId });
    return paginate(query, page, 'DESC');
  }

  async revisions(scope: Scope, blueprintId: string, page: PageArgs) {
    await this.get(scope, blueprintId, 'VIEWER');
    const query = this.db.getRepository(BlueprintRevisionEntity).createQueryBuilder('r').where('r.blueprintId = :blueprintId', { blueprintId });
    return paginate(query, page, 'DESC');
  }

  async create(scope: Scope, input: { projectId: string; document: unknown }): Promise<BlueprintEntity> {
    await requireRole(scope, input.projectId, 'EDITOR', () => notFound('Project', input.projectId), 'create blueprints');
    const document = validated(input.document, this.limits);
    return this.db.transaction(async (manager) => {
      const blueprint = await manager.save(
        manager.create(BlueprintEntity, { projectId: input.projectId, ...describe(document), currentRevision: 1 }),
      );
      await manager.save(manager.create(BlueprintRevisionEntity, { blueprintId: blueprint.id, number: 1, document, authorId: authorOf(scope) }));
      return blueprint;
    });
  }

  async update(scope: Scope, input: { id: string; baseRevision: number; document: unknown }): Promise<BlueprintEntity> {
    await this.get(scope, input.id, 'EDITOR', 'edit blueprints');
    const document = validated(input.document, this.limits);
    return this.db.transaction(async (manager) => {
      // The row lock orders concurrent saves: the second one sees the first's revision and conflicts.
      const current = await manager.findOne(BlueprintEntity, { where: { id: input.id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound('Blueprint', input.id);
      if (current.currentRevision !== input.baseRevision) {
        throw conflict(
          `This edit is based on revision ${input.baseRevision}, but revision ${current.currentRevision} was saved since.`,
          { currentRevision: current.currentRevision, path: 'input.baseRevision' },
        );
      }
      const number = current.currentRevision + 1;
      await manager.save(manager.create(BlueprintRevisionEntity, { blueprintId: current.id, number, document, authorId: authorOf(scope) }));
      Object.assign(current, describe(document), { currentRevision: number });
      return manager.save(current);
    });
  }

  async delete(scope: Scope, id: string): Promise<boolean> {
    await this.get(scope, id, 'EDITOR', 'delete blueprints');
    await this.db.getRepository(BlueprintEntity).delete({ id });
    return true;
  }
}

/** The document as stored: valid, and every table and field with its stable key, so later renames keep its values. */
function validated(input: unknown, limits: DocumentLimits): BlueprintDocument {
  const issues = checkDocument(input, limits);
  if (issues.length) throw invalidInput(issues);
  return withStableKeys(input as BlueprintDocument);
}

/** The columns a blueprint keeps from its current document, for listing without loading documents. */
function describe(document: BlueprintDocument) {
  return {
    name: document.name,
    description: document.description ?? null,
    locale: document.locale ?? DEFAULT_LOCALE,
    defaultSeed: document.seed ?? DEFAULT_SEED,
  };
}

function authorOf(scope: Scope): string | null {
  return scope.actor.kind === 'user' ? scope.actor.user.id : null;
}
