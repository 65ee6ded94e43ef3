/**
 * GET /metrics in Prometheus text format: process metrics, HTTP requests by
 * route and status with their durations, and runs by status (read from the
 * database at scrape time, so every process reports the same totals).
 */
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

export function createMetrics(db: DataSource) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'seedbed_' });

  const requests = new Counter({
    name: 'seedbed_http_requests_total',
    help: 'HTTP requests by route and status code.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'seedbed_http_request_duration_seconds',
    help: 'HTTP request durations by route.',
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'seedbed_runs',
    help: 'Runs by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows: { status: string; n: number }[] = await db.query('SELECT status, count(*)::int AS n FROM runs GROUP BY status');
      for (const { status, n } of rows) this.set({ status }, n);
    },
  });

  /** Route labels stay few: the path's first segments, never ids. */
  const routeOf = (path: string) =>
    path.startsWith('/graphql') ? '/graphql'
    : path.startsWith('/api/v1/blueprints/') ? '/api/v1/blueprints/:id/rows'
    : path.startsWith('/api/v1/runs/') ? '/api/v1/runs/:id/files'
    : ['/healthz', '/readyz', '/metrics'].includes(path) ? path
    : 'other';

  const observe: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer({ route: routeOf(req.path) });
    res.once('finish', () => {
      stop();
      requests.inc({ route: routeOf(req.path), status: String(res.statusCode) });
    });
    next();
  };

  const serve: RequestHandler = async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  };

  return { observe, serve };
}
