/**
 * "Test connection" for a run's database target (issue 15): the same guard a
 * run goes through, then one sign-in. It must not be a port scanner or a
 * password oracle (issue 24): every failure but a URL that does not parse
 * gives one answer, with one code and one message, after one fixed time (the
 * check's deadline), whether the host did not resolve, the guard refused it,
 * the port was closed, silent, or not PostgreSQL, or the password was wrong.
 * Only "signed in" differs. The reason goes to the operator's log, under a
 * check id the answer names. Checks are limited per user, as keys are free.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseError } from 'pg';
import type { DataSource } from 'typeorm';
import { AppError, rateLimited } from '@seedbed/engine/errors';
import type { Actor, Scope } from '../../scope';
import { Throttle } from '../api-key/rate-limit';
import { checkTarget, parseTargetUrl, signInFailure, targetClient } from '@seedbed/import';
import { mysqlServerVersion } from 'seedbed';
import type { ProjectService } from '../project/project.service';

export interface TargetCheck {
  reachable: boolean;
  code: 'TARGET_REFUSED' | 'TARGET_UNREACHABLE' | null;
  message: string;
  elapsedMs: number;
}

/** Why a check failed, for the operator's log only. */
export interface TargetCheckFailure {
  checkId: string;
  projectId: string;
  target: string;
  reason: string;
}

export interface TargetCheckOptions {
  allowPrivate: boolean;
  /** The one time every failure answers at. */
  timeoutMs: number;
  perMinute: number;
}

const SCOPE = 'target-check';

export class TargetCheckService {
  private readonly throttle: Throttle;

  constructor(
    db: DataSource,
    private readonly projects: ProjectService,
    private readonly options: TargetCheckOptions,
  ) {
    this.throttle = new Throttle(db);
  }

  /** `report` receives the reason of a failure (the log line); the caller sees only the uniform answer. */
  async check(scope: Scope, input: { projectId: string; url: string }, report: (failure: TargetCheckFailure) => void): Promise<TargetCheck> {
    await this.projects.get(scope, input.projectId, 'EDITOR', 'test a database target');
    const limit = await this.throttle.hit(SCOPE, checkerOf(scope.actor), 60);
    if (limit.hits > this.options.perMinute) throw rateLimited(`At most ${this.options.perMinute} connection tests a minute: try again in ${limit.retryAfter} seconds.`, limit.retryAfter);
    const started = Date.now();
    // A URL that does not parse is the caller's own text: its mistake is told as it is, at once (no network was involved).
    let parsed: ReturnType<typeof parseTargetUrl>;
    try {
      parsed = parseTargetUrl(input.url, 'input.url');
    } catch (error) {
      if (error instanceof AppError && error.code === 'TARGET_REFUSED') return { reachable: false, code: 'TARGET_REFUSED', message: error.message, elapsedMs: Date.now() - started };
      throw error;
    }

    const deadline = started + this.options.timeoutMs;
    const attempt = this.signIn(input.url).then(
      (version) => ({ version }),
      (error: unknown) => ({ error }),
    );
    const outcome = await Promise.race([attempt, until(deadline).then(() => ({ error: new Error(`no answer within ${this.options.timeoutMs} ms`) }))]);
    const where = `${parsed.hostname}:${parsed.port}/${parsed.database}`;
    if ('version' in outcome) {
      return { reachable: true, code: null, message: `Connected to ${where} as ${parsed.user} (${outcome.version}).`, elapsedMs: Date.now() - started };
    }
    const checkId = randomBytes(6).toString('hex');
    report({ checkId, projectId: input.projectId, target: `${parsed.user}@${where}`, reason: reasonOf(outcome.error) });
    await until(deadline);
    const failure = signInFailure({ servername: parsed.hostname, port: parsed.port, database: parsed.database, user: parsed.user });
    return { reachable: false, code: 'TARGET_UNREACHABLE', message: `${failure.message} The server's log has the reason under check ${checkId}.`, elapsedMs: Date.now() - started };
  }

  /** The guard, then one sign-in; the server's version when it worked. */
  private async signIn(url: string): Promise<string> {
    const target = await checkTarget(url, { allowPrivate: this.options.allowPrivate, path: 'input.url' });
    if (target.engine === 'mysql') return mysqlServerVersion(target, this.options.timeoutMs);
    const client = targetClient(target, {
      connectionTimeoutMillis: this.options.timeoutMs,
      query_timeout: this.options.timeoutMs,
      application_name: 'seedbed-test-connection',
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
      return `PostgreSQL ${rows[0]?.version ?? 'of unknown version'}`;
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Checks count against the person behind them: a key counts for the user who made it, so minting keys buys none. */
function checkerOf(actor: Actor): string {
  if (actor.kind === 'user') return `user:${actor.user.id}`;
  if (actor.kind === 'apiKey') return actor.apiKey.createdById ? `user:${actor.apiKey.createdById}` : `key:${actor.apiKey.id}`;
  return 'anonymous';
}

function reasonOf(failure: unknown): string {
  // A sign-in failure carries the real one as its cause.
  const error = (failure as { cause?: unknown } | null)?.cause ?? failure;
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  if (error instanceof DatabaseError) return `SQLSTATE ${error.code}: ${error.message}`;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(': ') || String(error);
}

function until(deadline: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
}
