import type { DataSource } from 'typeorm';
import type { Scope } from '../../scope';
import { AppError, badInput, conflict, notFound, nullIfHidden, unauthenticated } from '../../errors';
import { isUuid } from '../../ids';
import { textProblem } from '../../json-input';
import { paginate, type PageArgs } from '../../pagination';
import type { ApiKeyService } from '../api-key/api-key.service';
import type { AuditService } from '../audit/audit.service';
import { announceAccessChange } from '../auth/access-changes';
import { UserEntity } from '../user/user.entity';
import { requireRole } from './access';
import { MembershipEntity } from './membership.entity';
import { ProjectEntity } from './project.entity';
import type { Role } from './role';

const UNIQUE_VIOLATION = '23505';

/** The longest slug; a numbered suffix (`-12`) still fits under the column's 64. */
const SLUG_BASE_LENGTH = 56;

/**
 * A URL-safe slug from a project name: `Shop demo` → `shop-demo`. Never
 * UUID-shaped, so `/p/:project` can tell a slug from an id (the migration
 * ProjectSlugs checks the same).
 */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_BASE_LENGTH)
    .replace(/^-+|-+$/g, '');
  if (!base) return 'project';
  return isUuid(base) ? `p-${base}`.slice(0, SLUG_BASE_LENGTH) : base;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 100) throw badInput('input.name', 'must be 1 to 100 characters');
  const problem = textProblem(trimmed);
  if (problem) throw badInput('input.name', problem);
  return trimmed;
}

/** Projects, and who may do what in them (PRODUCT.md §6). */
export class ProjectService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly apiKeys: ApiKeyService,
  ) {}

  /** A project the caller belongs to, or null: a non-member cannot tell it from a missing id. */
  find(scope: Scope, id: string): Promise<ProjectEntity | null> {
    return nullIfHidden(this.get(scope, id));
  }

  /** By id or by slug (`/p/shop-demo`); either way a non-member gets NOT_FOUND. */
  async get(scope: Scope, id: string, required: Role = 'VIEWER', action?: string): Promise<ProjectEntity> {
    const project = isUuid(id) ? await scope.loaders.project.load(id) : await this.bySlug(id);
    if (!project) throw notFound('Project', id);
    await requireRole(scope, project.id, required, () => notFound('Project', id), action);
    return project;
  }

  private bySlug(slug: string): Promise<ProjectEntity | null> {
    if (slug.length > 64) return Promise.resolve(null);
    return this.db.getRepository(ProjectEntity).findOneBy({ slug: slug.toLowerCase() });
  }

  /** `base`, else `base-2`, `base-3`, ...: the first free one (a concurrent taker makes the insert retry). */
  private async freeSlug(base: string): Promise<string> {
    const rows: { slug: string }[] = await this.db.query(
      `SELECT slug FROM projects WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`,
      [base],
    );
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async list(scope: Scope, page: PageArgs) {
    const query = this.db.getRepository(ProjectEntity).createQueryBuilder('p');
    const { actor } = scope;
    if (actor.kind === 'user') {
      query.innerJoin(MembershipEntity, 'm', 'm.projectId = p.id AND m.userId = :userId', { userId: actor.user.id });
    } else if (actor.kind === 'apiKey') {
      query.where('p.id = :id', { id: actor.apiKey.projectId });
    } else {
      throw unauthenticated();
    }
    return paginate(query, page, 'ASC');
  }

  async create(scope: Scope, input: { name: string }): Promise<ProjectEntity> {
    const { actor } = scope;
    if (actor.kind === 'anonymous') throw unauthenticated();
    if (actor.kind !== 'user') throw new AppError('FORBIDDEN', 'API keys act inside one project and cannot create projects.');
    const name = checkName(input.name);
    const base = slugify(name);
    for (let attempt = 0; ; attempt++) {
      const slug = await this.freeSlug(base);
      try {
        return await this.db.transaction(async (manager) => {
          const project = await manager.save(manager.create(ProjectEntity, { name, slug }));
          await manager.insert(MembershipEntity, { userId: actor.user.id, projectId: project.id, role: 'OWNER' });
          return project;
        });
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 5) throw error;
      }
    }
  }

  async rename(scope: Scope, input: { id: string; name: string }): Promise<ProjectEntity> {
    const project = await this.get(scope, input.id, 'OWNER', 'rename the project');
    project.name = checkName(input.name);
    return this.db.getRepository(ProjectEntity).save(project);
  }

  async delete(scope: Scope, id: string): Promise<boolean> {
    const project = await this.get(scope, id, 'OWNER', 'delete the project');
    await this.db.transaction(async (manager) => {
      await this.audit.record(manager, scope.actor, { action: 'project.delete', targetType: 'Project', targetId: project.id });
      await manager.delete(ProjectEntity, { id: project.id });
    });
    return true;
  }

  async members(scope: Scope, projectId: string, page: PageArgs) {
    ({ id: projectId } = await this.get(scope, projectId));
    const query = this.db.getRepository(MembershipEntity).createQueryBuilder('m').where('m.projectId = :projectId', { projectId });
    return paginate(query, page, 'ASC');
  }

  async addMember(scope: Scope, input: { projectId: string; email: string; role: Role }): Promise<MembershipEntity> {
    const { id: projectId } = await this.get(scope, input.projectId, 'OWNER', 'manage members');
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: input.email.trim() })
      .getOne();
    if (!user) throw badInput('input.email', 'no Seedbed account has this email');
    return this.db.transaction(async (manager) => {
      const existing = await manager.findOneBy(MembershipEntity, { userId: user.id, projectId });
      if (existing) throw conflict(`${user.email} is already a member of this project.`);
      const membership = await manager.save(manager.create(MembershipEntity, { userId: user.id, projectId, role: input.role }));
      await this.audit.record(manager, scope.actor, {
        projectId, action: 'member.add', targetType: 'Membership', targetId: membership.id, data: { userId: user.id, role: input.role },
      });
      return membership;
    });
  }

  async setMemberRole(scope: Scope, input: { membershipId: string; role: Role }): Promise<MembershipEntity> {
    return this.changeMembership(scope, input.membershipId, async (manager, membership) => {
      const from = membership.role;
      membership.role = input.role;
      await manager.save(membership);
      await this.audit.record(manager, scope.actor, {
        projectId: membership.projectId, action: 'member.role', targetType: 'Membership', targetId: membership.id,
        data: { userId: membership.userId, from, to: input.role },
      });
      // Keys they made cannot keep rights the member no longer has (keys are EDITOR or VIEWER).
      if (input.role === 'VIEWER') await this.apiKeys.revokeMadeBy(manager, scope.actor, membership.projectId, membership.userId, ['EDITOR']);
      // Even an upgrade: the member's open subscriptions were authorised under the old role.
      await announceAccessChange(manager, { userId: membership.userId, projectId: membership.projectId });
      return membership;
    }, input.role !== 'OWNER');
  }

  async removeMember(scope: Scope, input: { membershipId: string }): Promise<boolean> {
    return this.changeMembership(scope, input.membershipId, async (manager, membership) => {
      await manager.delete(MembershipEntity, { id: membership.id });
      await this.audit.record(manager, scope.actor, {
        projectId: membership.projectId, action: 'member.remove', targetType: 'Membership', targetId: membership.id,
        data: { userId: membership.userId },
      });
      await this.apiKeys.revokeMadeBy(manager, scope.actor, membership.projectId, membership.userId, ['EDITOR', 'VIEWER']);
      await announceAccessChange(manager, { userId: membership.userId, projectId: membership.projectId });
      return true;
    }, true);
  }

  /**
   * Runs a membership change under a lock on the project's memberships, so
   * two concurrent changes cannot together remove the last OWNER.
   */
  private async changeMembership<T>(
    scope: Scope,
    membershipId: string,
    change: (manager: import('typeorm').EntityManager, membership: MembershipEntity) => Promise<T>,
    dropsOwnership: boolean,
  ): Promise<T> {
    const hidden = () => notFound('Membership', membershipId);
    const found = isUuid(membershipId) ? await this.db.getRepository(MembershipEntity).findOneBy({ id: membershipId }) : null;
    if (!found) throw hidden();
    await requireRole(scope, found.projectId, 'OWNER', hidden, 'manage members');
    return this.db.transaction(async (manager) => {
      const owners = await manager.query(
        `SELECT id FROM memberships WHERE project_id = $1 AND role = 'OWNER' FOR UPDATE`,
        [found.projectId],
      );
      const membership = await manager.findOneBy(MembershipEntity, { id: membershipId });
      if (!membership) throw hidden();
      if (dropsOwnership && membership.role === 'OWNER' && owners.length <= 1) {
        throw conflict('A project needs at least one OWNER: make someone else OWNER first.');
      }
      return change(manager, membership);
    });
  }
}
