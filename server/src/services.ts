import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { sharedWorkerPool } from '@seedbed/engine';
import { ApiKeyService } from './modules/api-key/api-key.service';
import { AuditService } from './modules/audit/audit.service';
import { AuthService } from './modules/auth/auth.service';
import { BlueprintService } from './modules/blueprint/blueprint.service';
import { GenerationService } from './modules/generation/generation.service';
import { sharedImportRunner } from './modules/import/import-runner';
import { ImportService } from './modules/import/import.service';
import { ProjectService } from './modules/project/project.service';
import type { DiskBudget } from './modules/run/disk-budget';
import type { RunFiles } from './modules/run/file-target';
import type { RunEvents } from './modules/run/run-events';
import { RunService } from './modules/run/run.service';
import { MockService } from './modules/mock/mock.service';
import { TargetCheckService } from './modules/target-check/target-check.service';

/** What runs need beyond the database: the artifact store and its disk bounds, the event fan-out, the sealing key. */
export interface RunRuntime {
  files: RunFiles;
  disk: DiskBudget;
  events: RunEvents;
  secretKey: Buffer;
}

/** One instance of each service per server; they are stateless over the data source. */
export function createServices(db: DataSource, config: Config, runtime: RunRuntime) {
  // The rows API's and preview layouts' threads: made here first, so at the configured niceness.
  sharedWorkerPool({ nice: config.engineNice });
  const audit = new AuditService(db);
  const blueprints = new BlueprintService(db, config.limits);
  const apiKeys = new ApiKeyService(db, audit);
  const projects = new ProjectService(db, audit, apiKeys);
  return {
    audit,
    auth: new AuthService(db, audit, config.sessionDays, config.limits),
    projects,
    // "Test connection" answers within seconds, where a run would retry for a minute.
    targets: new TargetCheckService(db, projects, { allowPrivate: config.allowPrivateTargets, timeoutMs: config.limits.targetCheckMs, perMinute: config.limits.targetChecksPerMinute }),
    apiKeys,
    blueprints,
    generation: new GenerationService(blueprints, config.limits),
    // Import threads at the engine threads' niceness: the API's event loop keeps priority over both.
    imports: new ImportService(
      blueprints,
      {
        importBytes: config.limits.importBytes,
        sampleBytes: config.limits.sampleBytes,
        allowPrivateTargets: config.allowPrivateTargets,
        limits: { maxTables: config.limits.maxTables, maxFields: config.limits.maxFields, planRows: config.limits.planRows, rowBudget: config.limits.rowBudget },
      },
      sharedImportRunner({ nice: config.engineNice, perCaller: config.limits.importsPerCaller, timeoutMs: config.limits.importSeconds * 1000 }),
    ),
    mocks: new MockService(db, blueprints, config.limits, runtime.events),
    runs: new RunService(db, blueprints, audit, runtime.files, runtime.disk, runtime.events, config, runtime.secretKey),
    runFiles: runtime.files,
    runEvents: runtime.events,
  };
}

export type Services = ReturnType<typeof createServices>;
