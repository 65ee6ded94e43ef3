import type { DataSource, EntityManager } from 'typeorm';
import type { Actor, Scope } from '../../scope';
import { AppError, badInput, conflict, notFound } from '../../errors';
import { isUuid } from '../../ids';
import { textProblem } from '../../json-input';
import { paginate, type PageArgs } from '../../pagination';
import type { AuditService } from '../audit/audit.service';
import { announceAccessChange } from '../auth/access-changes';
import { randomBase62, sha256Hex } from '../auth/tokens';
import { requireRole } from '../project/access';
import { hasRole, type Role } from '../project/role';
import { ApiKeyEntity, apiKeyStatus } from './api-key.entity';

export const API_KEY_PREFIX = 'sbk_';
const SECRET_LENGTH = 40;
const API_KEY_FORMAT = /^sbk_[0-9A-Za-z]{40}$/;
/** lastUsedAt is a hint, not a log: write it at most once a minute per key. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** Project-scoped credentials for scripts and CI (PRODUCT.md §9 format). */
export class ApiKeyService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async create(scope: Scope, input: { projectId: string; name: string; role: Role; expiresAt?: Date | null }) {
    const ownRole = await requireRole(scope, input.projectId, 'EDITOR', () => notFound('Project', input.projectId), 'create API keys');
    // A leaked key that could mint keys would outlive its own revocation.
    if (scope.actor.kind !== 'user') throw new AppError('FORBIDDEN', 'API keys cannot create API keys: sign in to create one.');
    if (input.role === 'OWNER') throw badInput('input.role', 'an API key is EDITOR or VIEWER, never OWNER');
    if (!hasRole(ownRole, input.role)) throw new AppError('FORBIDDEN', `You cannot create a key with more rights than your own (${ownRole}).`);
    const name = input.name.trim();
    if (!name || name.length > 100) throw badInput('input.name', 'must be 1 to 100 characters');
    const problem = textProblem(name);
    if (problem) throw badInput('input.name', problem);
    if (input.expiresAt && input.expiresAt <= new Date()) throw badInput('input.expiresAt', 'must be in the future');

    const secret = API_KEY_PREFIX + randomBase62(SECRET_LENGTH);
    const apiKey = await this.db.transaction(async (manager) => {
      const key = manager.create(ApiKeyEntity, {
        projectId: input.projectId,
        name,
        role: input.role,
        secretHash: sha256Hex(secret),
        prefix: secret.slice(0, API_KEY_PREFIX.length + 4),
        last4: secret.slice(-4),
        createdById: scope.actor.kind === 'user' ? scope.actor.user.id : null,
        expiresAt: input.expiresAt ?? null,
      });
      await manager.save(key);
      await this.audit.record(manager, scope.actor, {
        projectId: input.projectId, action: 'apiKey.create', targetType: 'ApiKey', targetId: key.id, data: { role: input.role, name },
      });
      return key;
    });
    return { apiKey, secret };
  }

  async revoke(scope: Scope, id: string): Promise<ApiKeyEntity> {
    const hidden = () => notFound('ApiKey', id);
    const key = isUuid(id) ? await this.db.getRepository(ApiKeyEntity).findOneBy({ id }) : null;
    if (!key) throw hidden();
    await requireRole(scope, key.projectId, 'EDITOR', hidden, 'revoke API keys');
    return this.db.transaction(async (manager) => {
      // The state check and the write are one statement: concurrent revokes cannot both succeed.
      const result = await manager
        .createQueryBuilder()
        .update(ApiKeyEntity)
        .set({ revokedAt: () => 'now()' })
        .where('id = :id AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())', { id })
        .execute();
      if (!result.affected) throw conflict(`API key ${id} is ${apiKeyStatus(key).toLowerCase()}; only an active key can be revoked.`);
      await this.audit.record(manager, scope.actor, { projectId: key.projectId, action: 'apiKey.revoke', targetType: 'ApiKey', targetId: id });
      await announceAccessChange(manager, { apiKeyId: id });
      return manager.findOneByOrFail(ApiKeyEntity, { id });
    });
  }

  /**
   * Revokes, in `manager`'s transaction, the keys `userId` made in the project
   * with one of `roles`: a member removed (or given fewer rights) must not keep
   * the project's access through keys made while they had it.
   */
  async revokeMadeBy(manager: EntityManager, by: Actor, projectId: string, userId: string, roles: Role[]): Promise<void> {
    const revoked: { id: string }[] = await manager.query(
      `UPDATE api_keys SET revoked_at = now()
        WHERE project_id = $1 AND created_by = $2 AND role = ANY($3) AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
        RETURNING id`,
      [projectId, userId, roles],
    );
    for (const { id } of revoked) {
      await this.audit.record(manager, by, { projectId, action: 'apiKey.revoke', targetType: 'ApiKey', targetId: id, data: { reason: 'creator lost access' } });
      await announceAccessChange(manager, { apiKeyId: id });
    }
  }

  async list(scope: Scope, projectId: string, page: PageArgs) {
    await requireRole(scope, projectId, 'EDITOR', () => notFound('Project', projectId), 'list API keys');
    const query = this.db.getRepository(ApiKeyEntity).createQueryBuilder('k').where('k.projectId = :projectId', { projectId });
    return paginate(query, page, 'DESC');
  }

  /** The active key behind a bearer secret; unknown, revoked and expired keys are all refused alike. */
  async authenticate(secret: string): Promise<ApiKeyEntity> {
    const refused = new AppError('UNAUTHENTICATED', 'The API key is unknown, revoked or expired.');
    if (!API_KEY_FORMAT.test(secret)) throw refused;
    const key = await this.db.getRepository(ApiKeyEntity).findOneBy({ secretHash: sha256Hex(secret) });
    if (!key || apiKeyStatus(key) !== 'ACTIVE') throw refused;
    const now = Date.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
      key.lastUsedAt = new Date(now);
      await this.db.getRepository(ApiKeyEntity).update({ id: key.id }, { lastUsedAt: key.lastUsedAt });
    }
    return key;
  }
}
