import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { ApiKeyService } from './modules/api-key/api-key.service';
import { AuditService } from './modules/audit/audit.service';
import { AuthService } from './modules/auth/auth.service';
import { BlueprintService } from './modules/blueprint/blueprint.service';
import { GenerationService } from './modules/generation/generation.service';
import { ProjectService } from './modules/project/project.service';

/** One instance of each service per server; they are stateless over the data source. */
export function createServices(db: DataSource, config: Config) {
  const audit = new AuditService(db);
  const blueprints = new BlueprintService(db);
  return {
    audit,
    auth: new AuthService(db, audit, config.sessionDays),
    projects: new ProjectService(db, audit),
    apiKeys: new ApiKeyService(db, audit),
    blueprints,
    generation: new GenerationService(blueprints, config.limits.previewRows),
  };
}

export type Services = ReturnType<typeof createServices>;
