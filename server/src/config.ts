/** Every setting, read once from the environment, with PRODUCT.md §9 defaults. */
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
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
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
  /** Load runs may connect to loopback, private and link-local addresses (SEEDBED_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  limits: Limits;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const repoRoot = path.resolve(__dirname, '..', '..');
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 4000),
    databaseUrl: env.DATABASE_URL || undefined,
    // Relative to where the user ran npm (INIT_CWD), not the workspace npm switched into.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.SEEDBED_DATA_DIR || '.data'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    sessionDays: int(env, 'SEEDBED_SESSION_DAYS', 30),
    artifactRetentionDays: int(env, 'SEEDBED_ARTIFACT_RETENTION_DAYS', 7),
    trustProxy: env.SEEDBED_TRUST_PROXY === 'true',
    clientDist: path.resolve(env.SEEDBED_CLIENT_DIST || path.join(repoRoot, 'client', 'dist')),
    // A hosted server must not be a way into its own network; a laptop or a test run loads into local databases.
    allowPrivateTargets: bool(env, 'SEEDBED_ALLOW_PRIVATE_TARGETS', nodeEnv !== 'production'),
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
    },
  };
}
