import type { Dialect, Format, OutputOptions } from '@seedbed/engine';
import { checkTarget, signInFailure, type ResolvedTarget } from '@seedbed/import';
import { mysqlServerVersion } from 'seedbed';

/**
 * Where a run's rows go. A database URL is stored encrypted apart from this
 * (target_secret). A database is a server reached over the network:
 * PostgreSQL (COPY) or MySQL/MariaDB (batched INSERTs), through the same
 * guard, in one transaction, failing with the same detail. SQLite is not a
 * run target: its "database" is a path on the disk of whoever loads it, and
 * a server that wrote to a path a user names could overwrite any file it can
 * reach; the guard refuses `sqlite:` and says to use `seedbed load`.
 */
export type RunTarget =
  | { kind: 'FILES'; formats: Format[]; dialect: Dialect; gzip: boolean; output?: OutputOptions }
  /** `dialect`: the server's kind (absent in runs stored before MySQL targets: PostgreSQL). */
  | { kind: 'DATABASE'; host: string; database: string; truncate: boolean; createTables: boolean; dialect?: 'postgres' | 'mysql' };

const CONNECT_MS = 10_000;

/**
 * The guard, then (MySQL/MariaDB) one sign-in before the load, answering as
 * every failed sign-in answers on a server (issue 24: the same
 * TARGET_UNREACHABLE after the same connect timeout, whether the port was
 * closed, silent or the password wrong), so a run cannot map a network or
 * guess a password. PostgreSQL's client does the same itself (`targetClient`).
 * The reason rides along as the error's `cause`, for the log.
 */
export async function guardedTarget(url: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const target = await checkTarget(url, { allowPrivate });
  if (target.engine !== 'mysql') return target;
  const started = Date.now();
  try {
    await mysqlServerVersion(target, CONNECT_MS);
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + CONNECT_MS - Date.now())));
    throw signInFailure(target, error);
  }
  return target;
}
