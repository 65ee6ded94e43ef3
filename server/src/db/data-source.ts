import 'reflect-metadata';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { Foundation1795305600000 } from '../../../migrations/1795305600000-Foundation';
import { ApiRateLimit1795305700000 } from '../../../migrations/1795305700000-ApiRateLimit';
import { Runs1795305800000 } from '../../../migrations/1795305800000-Runs';
import { DocumentsAsSent1795305900000 } from '../../../migrations/1795305900000-DocumentsAsSent';
import { Throttles1795306000000 } from '../../../migrations/1795306000000-Throttles';
import { RunOutputs1795306100000 } from '../../../migrations/1795306100000-RunOutputs';
import { ProjectSlugs1795306200000 } from '../../../migrations/1795306200000-ProjectSlugs';
import { MockOverlay1795306300000 } from '../../../migrations/1795306300000-MockOverlay';
import { MockOverlayKeyed1795306450000 } from '../../../migrations/1795306450000-MockOverlayKeyed';
import { CallerBudgets1795306460000 } from '../../../migrations/1795306460000-CallerBudgets';
import { FairRuns1795306470000 } from '../../../migrations/1795306470000-FairRuns';
import { ApiKeyEntity } from '../modules/api-key/api-key.entity';
import { AuditEventEntity } from '../modules/audit/audit-event.entity';
import { SessionEntity } from '../modules/auth/session.entity';
import { BlueprintRevisionEntity } from '../modules/blueprint/blueprint-revision.entity';
import { BlueprintEntity } from '../modules/blueprint/blueprint.entity';
import { MembershipEntity } from '../modules/project/membership.entity';
import { ProjectEntity } from '../modules/project/project.entity';
import { ArtifactEntity } from '../modules/run/artifact.entity';
import { RunEntity } from '../modules/run/run.entity';
import { UserEntity } from '../modules/user/user.entity';

export const entities = [
  UserEntity,
  SessionEntity,
  ProjectEntity,
  MembershipEntity,
  ApiKeyEntity,
  BlueprintEntity,
  BlueprintRevisionEntity,
  AuditEventEntity,
  RunEntity,
  ArtifactEntity,
];

/** Listed explicitly (not globbed) so the same list works under swc-node, jest and a build. */
export const migrations = [Foundation1795305600000, ApiRateLimit1795305700000, Runs1795305800000, DocumentsAsSent1795305900000, Throttles1795306000000, RunOutputs1795306100000, ProjectSlugs1795306200000, MockOverlay1795306300000, MockOverlayKeyed1795306450000, CallerBudgets1795306460000, FairRuns1795306470000];

export interface DataSourceOptions {
  url: string;
  /** Called for every SQL statement; tests count statements with it. */
  onQuery?: (sql: string) => void;
}

export function createDataSource({ url, onQuery }: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: onQuery ? ['query'] : false,
    logger: onQuery
      ? {
          logQuery: (sql) => onQuery(sql),
          logQueryError: () => {},
          logQuerySlow: () => {},
          logSchemaBuild: () => {},
          logMigration: () => {},
          log: () => {},
        }
      : undefined,
    // Names the process in pg_stat_activity as run_shards names a worker: which process holds a lock or a transaction.
    applicationName: `seedbed ${hostname()}:${process.pid}`,
    extra: { max: 20, connectionTimeoutMillis: 10_000 },
  });
}
