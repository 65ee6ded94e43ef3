import type { DataSource, EntityManager } from 'typeorm';
import type { Actor, Scope } from '../../scope';
import { notFound } from '@seedbed/engine/errors';
import { paginate, type PageArgs } from '../../pagination';
import { requireRole } from '../project/access';
import { AuditEventEntity } from './audit-event.entity';

export interface AuditRecord {
  projectId?: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  data?: Record<string, unknown>;
}

/** Security-relevant actions: who did what to which object, when. */
export class AuditService {
  constructor(private readonly db: DataSource) {}

  /**
   * Written in the caller's transaction, so an action and its record stand or
   * fall together. `by` is the request's actor, or the user who just signed in.
   */
  async record(manager: EntityManager, by: Actor | { userId: string }, event: AuditRecord): Promise<void> {
    await manager.save(manager.create(AuditEventEntity, {
      projectId: event.projectId ?? null,
      actorUserId: 'userId' in by ? by.userId : by.kind === 'user' ? by.user.id : null,
      actorApiKeyId: 'kind' in by && by.kind === 'apiKey' ? by.apiKey.id : null,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId ?? null,
      data: event.data ?? null,
    }));
  }

  async listForProject(scope: Scope, projectId: string, page: PageArgs) {
    await requireRole(scope, projectId, 'OWNER', () => notFound('Project', projectId), 'read the audit log');
    const query = this.db.getRepository(AuditEventEntity).createQueryBuilder('e').where('e.projectId = :projectId', { projectId });
    return paginate(query, page, 'DESC');
  }
}
