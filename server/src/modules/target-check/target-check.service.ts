/**
 * "Test connection" for a run's database target (issue 15): the same guard a
 * run goes through, then one sign-in, all bounded by a few seconds so a
 * filtered port answers in that time instead of the run's minute of retries.
 */
import { DatabaseError } from 'pg';
import { AppError } from '../../errors';
import type { Scope } from '../../scope';
import { checkTarget, targetClient, type ResolvedTarget } from '../load/target-guard';
import { mysqlServerVersion } from '../load/mysql-loader';
import type { ProjectService } from '../project/project.service';

export interface TargetCheck {
  reachable: boolean;
  code: 'TARGET_REFUSED' | 'TARGET_UNREACHABLE' | null;
  message: string;
  elapsedMs: number;
}

/** What libpq's SQLSTATEs mean to someone typing a URL. */
const SIGN_IN_FAILURES: Record<string, string> = {
  '28P01': 'the password was not accepted',
  '28000': 'the server refused this user',
  '42501': 'permission denied',
  '3D000': 'the database does not exist',
};

export class TargetCheckService {
  constructor(
    private readonly projects: ProjectService,
    private readonly options: { allowPrivate: boolean; timeoutMs: number },
  ) {}

  async check(scope: Scope, input: { projectId: string; url: string }): Promise<TargetCheck> {
    await this.projects.get(scope, input.projectId, 'EDITOR', 'test a database target');
    const started = Date.now();
    const answer = (reachable: boolean, code: TargetCheck['code'], message: string): TargetCheck => ({
      reachable, code, message, elapsedMs: Date.now() - started,
    });
    try {
      const target = await withTimeout(
        checkTarget(input.url, { allowPrivate: this.options.allowPrivate, path: 'input.url' }),
        this.options.timeoutMs,
        'the host name did not resolve in time',
      );
      const version = await this.signIn(target);
      return answer(true, null, `Connected to ${target.servername}:${target.port}/${target.database} as ${target.user} (${version}).`);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'TARGET_REFUSED' || error.code === 'TARGET_UNREACHABLE')) {
        return answer(false, error.code, error.message);
      }
      throw error;
    }
  }

  private async signIn(target: ResolvedTarget): Promise<string> {
    if (target.engine === 'mysql') return mysqlServerVersion(target, this.options.timeoutMs);
    const where = `${target.servername}:${target.port}`;
    const client = targetClient(target, {
      connectionTimeoutMillis: this.options.timeoutMs,
      application_name: 'seedbed-test-connection',
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
      return `PostgreSQL ${rows[0]?.version ?? 'of unknown version'}`;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (error instanceof DatabaseError && code) {
        throw new AppError('TARGET_REFUSED', `The database at ${where} refused the connection: ${SIGN_IN_FAILURES[code] ?? error.message}.`);
      }
      const why = code ?? (/timeout/i.test(String((error as Error).message)) ? `no answer within ${this.options.timeoutMs / 1000} s` : String((error as Error).message));
      throw new AppError('TARGET_UNREACHABLE', `The database at ${where} could not be reached (${why}).`);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, why: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('TARGET_UNREACHABLE', `The database could not be reached (${why}).`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
