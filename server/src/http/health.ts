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
/** Probes in the same second share one check, so frequent probing never loads the pool. */
const CHECK_REUSE_MS = 1_000;

export function healthRoutes(app: Express, db: DataSource): void {
  const databaseAnswers = databaseCheck(db);
  const probe = (okStatus: string) => async (_req: Request, res: Response) => {
    if (await databaseAnswers()) res.json({ status: okStatus });
    else res.status(503).json({ status: 'database unreachable' });
  };
  app.get('/healthz', probe('ok'));
  app.get('/readyz', probe('ready'));
}

/**
 * `SELECT 1` with a deadline, its answer reused for a second. A query still
 * unanswered past its deadline is not joined by another: the database is
 * reported unreachable until that one settles.
 */
function databaseCheck(db: DataSource): () => Promise<boolean> {
  let last: { at: number; answers: Promise<boolean> } | undefined;
  let querying = false;
  return () => {
    const now = Date.now();
    if (last && now - last.at < CHECK_REUSE_MS) return last.answers;
    if (querying) return Promise.resolve(false);
    querying = true;
    const query = db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    void query.finally(() => (querying = false));
    last = { at: now, answers: withDeadline(query) };
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
