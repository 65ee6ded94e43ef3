/**
 * The run state machine (PRODUCT.md §4). Every status change goes through
 * `transition`, one conditional UPDATE, so concurrent workers and API calls
 * can never make a move the machine does not have; it is the only code that
 * writes a run's status, and the runs store (runs-store.ts) its one caller:
 * the workers and the API's cancel move runs through it.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RunStatus } from './run.entity';

const NEXT: Record<RunStatus, RunStatus[]> = {
  QUEUED: ['RUNNING', 'CANCELLED'],
  // RUNNING → QUEUED: its worker was lost and attempts remain; it resumes from finished shards.
  RUNNING: ['SUCCEEDED', 'FAILED', 'CANCELLED', 'QUEUED'],
  SUCCEEDED: ['EXPIRED'],
  FAILED: [],
  CANCELLED: [],
  EXPIRED: [],
};

export const TERMINAL: readonly RunStatus[] = ['SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'];

export function canMove(from: RunStatus, to: RunStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states from which `to` can be reached. */
function sourcesOf(to: RunStatus): RunStatus[] {
  return (Object.keys(NEXT) as RunStatus[]).filter((from) => NEXT[from].includes(to));
}

/** Column values set together with a status change (SQL expressions, trusted callers only). */
export interface TransitionSets {
  error?: string | null;
  startedNow?: boolean;
  finishedNow?: boolean;
  expiresInDays?: number;
  /** A further condition on the run's row (trusted SQL over `runs`), e.g. that none of its shards is held. */
  when?: string;
  /** A status the move may pass through in the same statement: QUEUED → (RUNNING) → SUCCEEDED, each step one the machine has. */
  via?: RunStatus;
}

/**
 * Moves run `id` to `to` if its current status allows it; true when it moved.
 * `from` narrows the allowed sources further (e.g. only QUEUED → RUNNING).
 */
export async function transition(
  db: DataSource | EntityManager,
  id: string,
  to: RunStatus,
  sets: TransitionSets = {},
  from: RunStatus[] = [...sourcesOf(to), ...(sets.via ? sourcesOf(sets.via) : [])],
): Promise<boolean> {
  const allowed = from.filter((f) => canMove(f, to) || (sets.via !== undefined && canMove(f, sets.via) && canMove(sets.via, to)));
  const assignments = ['status = $2'];
  const params: unknown[] = [id, to, allowed];
  if (sets.error !== undefined) {
    params.push(sets.error);
    assignments.push(`error = $${params.length}`);
  }
  if (sets.startedNow) assignments.push('started_at = coalesce(started_at, now())');
  if (sets.finishedNow) assignments.push('finished_at = now()');
  if (sets.expiresInDays !== undefined) {
    params.push(sets.expiresInDays);
    assignments.push(`expires_at = now() + make_interval(days => $${params.length})`);
  }
  const rows = await db.query(
    `UPDATE runs SET ${assignments.join(', ')} WHERE id = $1 AND status = ANY($3)${sets.when ? ` AND (${sets.when})` : ''} RETURNING id`,
    params,
  );
  // TypeORM's postgres driver returns [rows, count] for UPDATE ... RETURNING.
  const returned = Array.isArray(rows[0]) ? rows[0] : rows;
  return returned.length > 0;
}
