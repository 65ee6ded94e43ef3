/** Every setting, read once from the environment, with PRODUCT.md §9 defaults. */
import { availableParallelism } from 'node:os';
import path from 'node:path';

export interface Limits {
  previewRows: number;
  instantRows: number;
  runRows: number;
  pageSizeMax: number;
  queryDepth: number;
  queryAliases: number;
  queryCost: number;
  bodyBytes: number;
  apiRequestsPerMinute: number;
  runAttempts: number;
  /** Rows in one plan, every table counted (parents included): runs, previews and the rows API alike. */
  planRows: number;
  /** Bytes in one generated cell (regex, template, formula, lorem output). */
  cellBytes: number;
  /** Bytes in one preview response. */
  previewBytes: number;
  /** Rows API streams one API key or session may have open at once (429 above). */
  rowsStreamsPerCaller: number;
  /** Expensive operations (preview, rows, imports, startRun) per minute per session; API keys have `apiRequestsPerMinute`. */
  sessionExpensivePerMinute: number;
  /** Failed log-ins per account, and per client address, in `loginWindowMinutes` before 429. */
  loginFailures: number;
  loginWindowMinutes: number;
  /** Sign-ups per client address per hour. */
  signUpsPerHour: number;
  /** Largest WebSocket message (defaults to the request body limit). */
  wsMessageBytes: number;
  /** Subscriptions one WebSocket connection may hold at once. */
  wsSubscriptions: number;
  /** WebSocket connections one client address may hold open at once (429 above). */
  wsConnectionsPerAddress: number;
  /** Bytes of schema or sample text one import reads (the request body limit applies too). */
  importBytes: number;
  /** Largest sample uploaded as a request body to POST /api/v1/imports/preview. */
  sampleBytes: number;
  /** Imports one caller (its keys, project and user together) may have running or waiting at once (429 above). */
  importsPerCaller: number;
  /** Seconds of work one import may take in its thread before it alone is ended. */
  importSeconds: number;
  /** Rows one mock API request's filters, sorts and key indexes may read (PRODUCT.md §9). */
  mockScanRows: number;
  /** A mock API's query depth, aliases, cost and rows per answer, unless its blueprint sets its own (PRODUCT.md §9). */
  mockDepth: number;
  mockAliases: number;
  mockCost: number;
  mockRows: number;
  /** Changed rows and bytes one blueprint's mocks may hold together (a project's: five times as much). */
  mockOverlayRows: number;
  mockOverlayBytes: number;
  /** Runs a user (an API key counts as its creator) may have QUEUED or RUNNING; startRun is refused above. */
  activeRunsPerUser: number;
  /** The same for a project, all its users and keys together. */
  activeRunsPerProject: number;
  /** Runs of a user that workers take at once; the user's others wait QUEUED (shards of several users are shared fairly). */
  runningRunsPerUser: number;
  /** The same for a project. */
  runningRunsPerProject: number;
  /** Bytes of run files a project may hold (finished runs' files and what running ones have written). */
  projectArtifactBytes: number;
  /** Milliseconds a "Test connection" takes to say it failed, whatever the failure (one timing class). */
  targetCheckMs: number;
  /** "Test connection" checks per user per minute. */
  targetChecksPerMinute: number;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  /** The address the server listens on (SEEDBED_HOST); undefined: every interface. */
  host?: string;
  /** Unset: start an embedded PostgreSQL under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  sessionDays: number;
  artifactRetentionDays: number;
  /** Express `trust proxy`: set when behind a TLS-terminating proxy so cookies get `Secure`. */
  trustProxy: boolean;
  /** Folder of the built web client, served at `/` when present. */
  clientDist: string;
  /**
   * Database targets (runs, imports, "Test connection") may be loopback or private addresses
   * (SEEDBED_ALLOW_PRIVATE_TARGETS). By default only while the server listens on loopback alone:
   * then only this machine's user reaches it, and their own databases are what they load into.
   */
  allowPrivateTargets: boolean;
  /** Worker threads generating rows API responses and previews (never the API's own thread). */
  engineThreads: number;
  /** OS niceness of those threads, so the API's event loop keeps priority over the streams they make (0–19). */
  engineNice: number;
  /**
   * Origins a browser may open the WebSocket from (`Origin` header); empty means
   * only the server's own origin (the Host it was reached at).
   */
  allowedOrigins: string[];
  /** When set, GET /metrics requires `Authorization: Bearer <token>` (SEEDBED_METRICS_TOKEN). */
  metricsToken?: string;
  runs: RunSettings;
  limits: Limits;
}

export interface RunSettings {
  /** Where run files are written (a folder shared by every worker process) unless `s3` is set. */
  artifactDir: string;
  /** SEEDBED_ARTIFACT_STORE=s3://bucket/prefix: run files in an S3-compatible store (credentials from the usual AWS variables). */
  s3?: S3Settings;
  /** Rows per shard: the unit of work any worker process may take. */
  shardRows: number;
  /** Run this process's share of run work (false: API only). */
  worker: boolean;
  /** Shards a process works on at once. */
  concurrency: number;
  /** Threads writing a process's shards, one shard at a time each (its own thread only coordinates). */
  threads: number;
  /** A shard whose worker sent no heartbeat for this long is given to another worker. */
  workerLostSeconds: number;
  /** How often pg-boss checks for expired jobs and missed heartbeats. */
  superviseSeconds: number;
  /** How often expired artifacts are deleted. */
  retentionSweepSeconds: number;
  /** 64 hex characters; seals database target URLs. Default: a key file in the data directory. */
  secretKey?: string;
  /** OS niceness of the run worker process `npm start` spawns, so runs never starve the API (0–19). */
  nice: number;
  /** Seconds before a failed shard is tried again, doubling with each attempt (0: at once). */
  retrySeconds: number;
  /** Bytes the artifact folder's disk (or an S3 worker's spool disk) keeps free: a run that would leave less is refused or failed. */
  minFreeBytes: number;
}

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; unset: the SDK's own chain (profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function s3Store(env: Env): RunSettings['s3'] {
  const url = env.SEEDBED_ARTIFACT_STORE;
  return url ? s3LocationOf(url, env, 'SEEDBED_ARTIFACT_STORE') : undefined;
}

/** An `s3://bucket/prefix` URL with the endpoint, region and credentials of the environment (`seedbed generate --out s3://…` too). */
export function s3LocationOf(url: string, env: Env, name: string): S3Settings {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{2,62})(?:\/(.*))?$/.exec(url);
  if (!match) throw new Error(`${name} must be s3://bucket/prefix, got "${url}"`);
  const region = env.SEEDBED_S3_REGION || env.AWS_REGION || 'us-east-1';
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined }
      : undefined;
  return { bucket: match[1], prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''), endpoint: env.SEEDBED_S3_ENDPOINT || undefined, region, credentials };
}

/** True when `host` is a loopback address or name: nothing but this machine can connect. */
export function isLoopbackOnly(host: string | undefined): boolean {
  if (!host) return false;
  if (host === 'localhost') return true;
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '[::1]';
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const repoRoot = path.resolve(__dirname, '..', '..');
  // Relative to where the user ran npm (INIT_CWD), not the workspace npm switched into.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.SEEDBED_DATA_DIR || '.data');
  // Development and tests listen on this machine only unless told otherwise; production on every interface.
  const host = env.SEEDBED_HOST || (nodeEnv === 'production' ? undefined : '127.0.0.1');
  const runThreads = Math.max(1, int(env, 'SEEDBED_RUN_THREADS', availableParallelism()) || availableParallelism());
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 4000),
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    sessionDays: int(env, 'SEEDBED_SESSION_DAYS', 30),
    artifactRetentionDays: int(env, 'SEEDBED_ARTIFACT_RETENTION_DAYS', 7),
    trustProxy: env.SEEDBED_TRUST_PROXY === 'true',
    clientDist: path.resolve(env.SEEDBED_CLIENT_DIST || path.join(repoRoot, 'client', 'dist')),
    // A server others can reach must not be a way into its network; one on loopback alone serves its own machine's user.
    allowPrivateTargets: bool(env, 'SEEDBED_ALLOW_PRIVATE_TARGETS', isLoopbackOnly(host)),
    engineThreads: int(env, 'SEEDBED_ENGINE_THREADS', availableParallelism()) || 1,
    engineNice: Math.min(19, int(env, 'SEEDBED_ENGINE_NICE', 5)),
    allowedOrigins: list(env, 'SEEDBED_ALLOWED_ORIGINS'),
    metricsToken: env.SEEDBED_METRICS_TOKEN || undefined,
    runs: {
      artifactDir: path.resolve(dataDir, env.SEEDBED_ARTIFACT_DIR || 'artifacts'),
      s3: s3Store(env),
      shardRows: int(env, 'SEEDBED_SHARD_ROWS', 250_000) || 250_000,
      worker: env.SEEDBED_RUN_WORKER !== 'false',
      // One per core: the process's own thread only coordinates, commits and joins files.
      threads: runThreads,
      // One more shard than threads: a shard is committed (uploaded, recorded) while the next is written.
      concurrency: int(env, 'SEEDBED_WORKER_CONCURRENCY', runThreads + 1) || runThreads + 1,
      workerLostSeconds: int(env, 'SEEDBED_WORKER_LOST_SECONDS', 30) || 30,
      superviseSeconds: int(env, 'SEEDBED_QUEUE_SUPERVISE_SECONDS', 5) || 5,
      retentionSweepSeconds: int(env, 'SEEDBED_RETENTION_SWEEP_SECONDS', 60) || 60,
      secretKey: env.SEEDBED_SECRET_KEY || undefined,
      nice: Math.min(19, int(env, 'SEEDBED_RUN_NICE', 10)),
      retrySeconds: int(env, 'SEEDBED_RUN_RETRY_SECONDS', 5),
      minFreeBytes: int(env, 'SEEDBED_MIN_FREE_BYTES', 1_000_000_000),
    },
    limits: {
      previewRows: int(env, 'SEEDBED_PREVIEW_ROWS', 100),
      instantRows: int(env, 'SEEDBED_INSTANT_ROWS', 1_000_000),
      runRows: int(env, 'SEEDBED_RUN_ROWS', 1_000_000_000),
      pageSizeMax: 100,
      queryDepth: int(env, 'SEEDBED_QUERY_DEPTH', 10),
      queryAliases: int(env, 'SEEDBED_QUERY_ALIASES', 15),
      queryCost: int(env, 'SEEDBED_QUERY_COST', 5000),
      bodyBytes: int(env, 'SEEDBED_BODY_BYTES', 1_000_000),
      apiRequestsPerMinute: int(env, 'SEEDBED_API_RATE_PER_MINUTE', 1200),
      runAttempts: int(env, 'SEEDBED_RUN_ATTEMPTS', 3),
      planRows: int(env, 'SEEDBED_PLAN_ROWS', 1_000_000_000),
      cellBytes: int(env, 'SEEDBED_CELL_BYTES', 65_536),
      previewBytes: int(env, 'SEEDBED_PREVIEW_BYTES', 10_000_000),
      rowsStreamsPerCaller: int(env, 'SEEDBED_ROWS_STREAMS', 4) || 4,
      sessionExpensivePerMinute: int(env, 'SEEDBED_SESSION_EXPENSIVE_PER_MINUTE', 300),
      loginFailures: int(env, 'SEEDBED_LOGIN_FAILURES', 10),
      loginWindowMinutes: int(env, 'SEEDBED_LOGIN_WINDOW_MINUTES', 15) || 15,
      signUpsPerHour: int(env, 'SEEDBED_SIGNUPS_PER_HOUR', 20),
      wsMessageBytes: int(env, 'SEEDBED_WS_MESSAGE_BYTES', int(env, 'SEEDBED_BODY_BYTES', 1_000_000)),
      wsSubscriptions: int(env, 'SEEDBED_WS_SUBSCRIPTIONS', 20) || 20,
      wsConnectionsPerAddress: int(env, 'SEEDBED_WS_CONNECTIONS_PER_ADDRESS', 50) || 50,
      importBytes: int(env, 'SEEDBED_IMPORT_BYTES', 5_000_000) || 5_000_000,
      sampleBytes: int(env, 'SEEDBED_SAMPLE_BYTES', 25_000_000) || 25_000_000,
      importsPerCaller: int(env, 'SEEDBED_IMPORTS_PER_CALLER', 2) || 2,
      importSeconds: int(env, 'SEEDBED_IMPORT_SECONDS', 20) || 20,
      mockScanRows: int(env, 'SEEDBED_MOCK_SCAN_ROWS', 100_000) || 100_000,
      // Real clients' own queries nest deeper than the API's 10 (issue #22: depth 11 refused an app's query).
      mockDepth: int(env, 'SEEDBED_MOCK_DEPTH', 15) || 15,
      mockAliases: int(env, 'SEEDBED_MOCK_ALIASES', int(env, 'SEEDBED_QUERY_ALIASES', 15)) || 15,
      mockCost: int(env, 'SEEDBED_MOCK_COST', int(env, 'SEEDBED_QUERY_COST', 5000)) || 5000,
      mockRows: int(env, 'SEEDBED_MOCK_ROWS', 5000) || 5000,
      mockOverlayRows: int(env, 'SEEDBED_MOCK_OVERLAY_ROWS', 10_000) || 10_000,
      mockOverlayBytes: int(env, 'SEEDBED_MOCK_OVERLAY_BYTES', 20_000_000) || 20_000_000,
      activeRunsPerUser: int(env, 'SEEDBED_RUNS_PER_USER', 10) || 10,
      activeRunsPerProject: int(env, 'SEEDBED_RUNS_PER_PROJECT', 25) || 25,
      runningRunsPerUser: int(env, 'SEEDBED_RUNNING_RUNS_PER_USER', 2) || 2,
      runningRunsPerProject: int(env, 'SEEDBED_RUNNING_RUNS_PER_PROJECT', 4) || 4,
      projectArtifactBytes: int(env, 'SEEDBED_PROJECT_ARTIFACT_BYTES', 20_000_000_000) || 20_000_000_000,
      targetCheckMs: int(env, 'SEEDBED_TARGET_CHECK_MS', 5_000) || 5_000,
      targetChecksPerMinute: int(env, 'SEEDBED_TARGET_CHECKS_PER_MINUTE', 10) || 10,
    },
  };
}
