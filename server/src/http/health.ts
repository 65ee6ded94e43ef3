/**
 * /healthz and /readyz: 200 while this process and its database answer, 503
 * JSON while the database does not (an embedded PostgreSQL being restarted,
 * an external one down or out of connections), so a load balancer or
 * orchestrator stops sending users to a server that can only fail them.
 */
import type { Express, Request, Response } from 'express';
import type { DataSource } from 'typeorm';

/** A probe answers within this long, whatever the pool or the network does. */
const CHECK_TIMEOUT_MS = 1_000;
/** /healthz probes in the same second share one check, so frequent probing never loads the pool. */
const HEALTH_REUSE_MS = 1_000;

/**
 * /healthz may be probed every second by several systems: its answer is at most
 * a second old. /readyz checks again on every call, so it turns 200 the moment
 * the database answers again (after the embedded PostgreSQL restarted, say) and
 * a load balancer sends traffic no earlier.
 */
export function healthRoutes(app: Express, db: DataSource): void {
  const probe = (databaseAnswers: () => Promise<boolean>, okStatus: string) => async (_req: Request, res: Response) => {
    if (await databaseAnswers()) res.json({ status: okStatus });
    else res.status(503).json({ status: 'database unreachable' });
  };
  app.get('/healthz', probe(databaseCheck(db, HEALTH_REUSE_MS), 'ok'));
  app.get('/readyz', probe(databaseCheck(db, 0), 'ready'));
}

/**
 * `SELECT 1` with a deadline. Callers while it runs share it, and its answer is
 * reused for `reuseMs`. A query still unanswered past its deadline is not
 * joined by another: the database is reported unreachable until that one settles.
 */
function databaseCheck(db: DataSource, reuseMs: number): () => Promise<boolean> {
  let last: { at: number; answers: Promise<boolean> } | undefined;
  let querying = false;
  return () => {
    const age = last ? Date.now() - last.at : Infinity;
    if (last && (age < reuseMs || (querying && age < CHECK_TIMEOUT_MS))) return last.answers;
    if (querying) return Promise.resolve(false);
    querying = true;
    const query = db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    void query.finally(() => (querying = false));
    last = { at: Date.now(), answers: withDeadline(query) };
    return last.answers;
  };
}

async function withDeadline(answers: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answers, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
