/**
 * GET /metrics in Prometheus text format: process metrics, event-loop delay,
 * HTTP requests by route and status with their durations, and runs by status
 * (read from the database at scrape time, so every process reports the same
 * totals). With a token configured, a scrape must present it as a bearer
 * token: the numbers tell an outsider how busy the server is and what fails.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { AppError } from '../errors';

/**
 * `token`: when set, GET /metrics answers only `Authorization: Bearer <token>` (401 otherwise).
 * `sockets`: the WebSocket connections and subscriptions this process holds now.
 */
export function createMetrics(db: DataSource, token?: string, sockets?: () => { connections: number; subscriptions: number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'seedbed_' });
  // One event-loop series, not two: the default seedbed_nodejs_eventloop_lag_* gauges are replaced by
  // seedbed_event_loop_delay_seconds below.
  for (const name of DEFAULT_EVENT_LOOP_LAG) registry.removeSingleMetric(`seedbed_nodejs_eventloop_lag_${name}seconds`);
  eventLoopDelay(registry);

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

  if (sockets) {
    new Gauge({
      name: 'seedbed_websocket_connections',
      help: 'WebSocket connections open in this process.',
      registers: [registry],
      collect() {
        this.set(sockets().connections);
      },
    });
    new Gauge({
      name: 'seedbed_websocket_subscriptions',
      help: 'Subscriptions open in this process, counted until their sources have let go of what they held.',
      registers: [registry],
      collect() {
        this.set(sockets().subscriptions);
      },
    });
  }

  /** Route labels stay few: the path's first segments, never ids. */
  const routeOf = (path: string) =>
    path.startsWith('/graphql') ? '/graphql'
    : path.startsWith('/api/v1/blueprints/') ? '/api/v1/blueprints/:id/rows'
    : path.startsWith('/api/v1/runs/') ? '/api/v1/runs/:id/files'
    : ['/healthz', '/readyz', '/metrics'].includes(path) ? path
    : 'other';

  const observe: RequestHandler = (req, res, next) => {
    // Read now: by 'finish' a mounted router (app.use('/graphql', ...)) may have stripped its prefix from the path.
    const route = routeOf(req.path);
    const stop = duration.startTimer({ route });
    res.once('finish', () => {
      stop();
      requests.inc({ route, status: String(res.statusCode) });
    });
    next();
  };

  const authorized = bearerCheck(token);
  const serve: RequestHandler = async (req, res) => {
    if (!authorized(req.headers.authorization)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      // The error handler answers it, as it does every route's refusal.
      throw new AppError('UNAUTHENTICATED', 'Scraping /metrics needs Authorization: Bearer <SEEDBED_METRICS_TOKEN>.');
    }
    res.type(registry.contentType).send(await registry.metrics());
  };

  return { observe, serve };
}

/** No token: everyone may scrape. Compared through digests of equal length, in constant time. */
function bearerCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (!token) return () => true;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(token);
  return (authorization) => {
    const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}

const RESOLUTION_MS = 10;
const DEFAULT_EVENT_LOOP_LAG = ['', 'min_', 'max_', 'mean_', 'stddev_', 'p50_', 'p90_', 'p99_'];

/**
 * How late this process's event loop ran its timers since the previous scrape:
 * every request waits at least that long, so a stall here (a long synchronous
 * task) is what users feel as a frozen server, whatever the request.
 */
function eventLoopDelay(registry: Registry) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  new Gauge({
    name: 'seedbed_event_loop_delay_seconds',
    help:
      'How late the API process\'s event loop ran a 10 ms timer since the previous scrape (perf_hooks.monitorEventLoopDelay): ' +
      'quantile="0.5" and "0.99" of the delays seen, "1" the longest one. A long synchronous task in the API shows here as a large max.',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      // Nothing measured yet (a scrape right after another) reads as no delay, not as the histogram's huge empty minimum.
      // The histogram records whole timer intervals: the delay is what exceeds the 10 ms the timer was set for.
      const seconds = (ns: number) => (histogram.count > 0 ? Math.max(0, ns / 1e6 - RESOLUTION_MS) / 1e3 : 0);
      this.set({ quantile: '0.5' }, seconds(histogram.percentile(50)));
      this.set({ quantile: '0.99' }, seconds(histogram.percentile(99)));
      this.set({ quantile: '1' }, seconds(histogram.max));
      histogram.reset();
    },
  });
}
