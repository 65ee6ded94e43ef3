/**
 * Per-request DataLoaders: every relation field resolves through one of
 * these, so a list of N objects costs a constant number of SQL statements.
 */
import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import { BlueprintRevisionEntity } from './modules/blueprint/blueprint-revision.entity';
import { BlueprintEntity } from './modules/blueprint/blueprint.entity';
import { MembershipEntity } from './modules/project/membership.entity';
import { ArtifactEntity } from './modules/run/artifact.entity';
import { ShardsStore } from './modules/run/shards-store';
import { ProjectEntity } from './modules/project/project.entity';
import type { Role } from './modules/project/role';
import { UserEntity } from './modules/user/user.entity';
import { isUuid } from './ids';

function byId<T extends { id: string }>(rows: T[], ids: readonly string[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

const wellFormed = (ids: readonly string[]) => ids.filter(isUuid);

export function createLoaders(db: DataSource) {
  return {
    user: new DataLoader<string, UserEntity | null>(async (ids) =>
      byId(await db.getRepository(UserEntity).findBy({ id: In(wellFormed(ids)) }), ids),
    ),
    project: new DataLoader<string, ProjectEntity | null>(async (ids) =>
      byId(await db.getRepository(ProjectEntity).findBy({ id: In(wellFormed(ids)) }), ids),
    ),
    blueprint: new DataLoader<string, BlueprintEntity | null>(async (ids) =>
      byId(await db.getRepository(BlueprintEntity).findBy({ id: In(wellFormed(ids)) }), ids),
    ),
    /** Key: `userId:projectId` → the user's role there, or null for a non-member. */
    role: new DataLoader<string, Role | null>(async (keys) => {
      const pairs = keys.map((k) => k.split(':')).filter((pair) => pair.every(isUuid));
      // An empty OR-list would be no condition at all in TypeORM.
      if (pairs.length === 0) return keys.map(() => null);
      const rows = await db.getRepository(MembershipEntity).findBy(
        pairs.map(([userId, projectId]) => ({ userId, projectId })),
      );
      const map = new Map(rows.map((m) => [`${m.userId}:${m.projectId}`, m.role]));
      return keys.map((k) => map.get(k) ?? null);
    }),
    revisionCount: new DataLoader<string, number>(async (blueprintIds) => {
      const rows: { blueprint_id: string; count: string }[] = await db.query(
        'SELECT blueprint_id, count(*) AS count FROM blueprint_revisions WHERE blueprint_id = ANY($1) GROUP BY blueprint_id',
        [blueprintIds],
      );
      const map = new Map(rows.map((r) => [r.blueprint_id, Number(r.count)]));
      return blueprintIds.map((id) => map.get(id) ?? 0);
    }),
    /** Rows made so far by a run: each shard's high-water mark, so it never goes backwards. */
    runRowsDone: new DataLoader<string, number>(async (runIds) => {
      const map = await new ShardsStore(db).rowsDone(runIds);
      return runIds.map((id) => map.get(id) ?? 0);
    }),
    /** A QUEUED run's place in the queue (null when it is not waiting). Not cached: it moves as other runs start, and a subscription reads it again. */
    runQueuePosition: new DataLoader<string, number | null>(
      async (runIds) => {
        const places = await new ShardsStore(db).queuePositions(runIds);
        return runIds.map((id) => places.get(id) ?? null);
      },
      { cache: false },
    ),
    artifacts: new DataLoader<string, ArtifactEntity[]>(async (runIds) => {
      const rows = await db.getRepository(ArtifactEntity).find({ where: { runId: In([...runIds]) }, order: { name: 'ASC' } });
      return runIds.map((id) => rows.filter((a) => a.runId === id));
    }),
    /** Key: `blueprintId:number`. */
    revision: new DataLoader<string, BlueprintRevisionEntity | null>(async (keys) => {
      const rows = await db.getRepository(BlueprintRevisionEntity).findBy(
        keys.map((k) => {
          const [blueprintId, number] = k.split(':');
          return { blueprintId, number: Number(number) };
        }),
      );
      const map = new Map(rows.map((r) => [`${r.blueprintId}:${r.number}`, r]));
      return keys.map((k) => map.get(k) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
