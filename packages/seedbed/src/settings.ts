/**
 * The settings the seedbed command shares with the server (README
 * "Configuration"), read from the same environment variables with the same
 * defaults, so `seedbed mock` refuses what a server's mock refuses and
 * `--out s3://…` finds the same store. The server's config builds on these.
 */
import { CEILING_FIELDS, CEILING_TABLES, MAX_FIELDS, MAX_TABLES } from '@seedbed/engine/document';

export type Env = Record<string, string | undefined>;

/** A non-negative integer setting; the fallback when unset or empty. */
export function envInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A positive limit with a hard ceiling: a setting past it is refused at start, naming both. */
function ceiled(env: Env, name: string, fallback: number, ceiling: number): number {
  const value = envInt(env, name, fallback) || fallback;
  if (value > ceiling) throw new Error(`${name} must be at most ${ceiling.toLocaleString('en-US')} (got ${value.toLocaleString('en-US')})`);
  return value;
}

/** Tables per blueprint and fields per table as the command allows them (SEEDBED_MAX_TABLES, SEEDBED_MAX_FIELDS): validate, generate, load, import and mock. */
export function documentLimits(env: Env): { maxTables: number; maxFields: number } {
  return { maxTables: ceiled(env, 'SEEDBED_MAX_TABLES', MAX_TABLES, CEILING_TABLES), maxFields: ceiled(env, 'SEEDBED_MAX_FIELDS', MAX_FIELDS, CEILING_FIELDS) };
}

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; unset: the SDK's own chain (profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
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

export interface SharedLimits {
  /** Rows in one plan, every table counted (parents included): runs, previews, the rows API and the command alike. */
  planRows: number;
  /** Rows one mock API request's filters, sorts and key indexes may read (PRODUCT.md §9). */
  mockScanRows: number;
  /** A mock API's query depth, aliases, cost and rows per answer, unless its blueprint sets its own (PRODUCT.md §9). */
  mockDepth: number;
  mockAliases: number;
  mockCost: number;
  mockRows: number;
  /** Tables per blueprint and fields per table (PRODUCT.md §9): imports, saves, validation and generation alike. */
  maxTables: number;
  maxFields: number;
  /** The rows an import sizes a blueprint within, every table at its worst case (@seedbed/import's IMPORT_ROW_BUDGET). */
  rowBudget: number;
  /** Changed rows and bytes one blueprint's mocks may hold together (a project's: five times as much). */
  mockOverlayRows: number;
  mockOverlayBytes: number;
}

export function sharedLimits(env: Env): SharedLimits {
  const int = envInt;
  return {
    planRows: int(env, 'SEEDBED_PLAN_ROWS', 1_000_000_000),
    mockScanRows: int(env, 'SEEDBED_MOCK_SCAN_ROWS', 100_000) || 100_000,
    // Real clients' own queries nest deeper than the API's 10 (issue #22: depth 11 refused an app's query).
    mockDepth: int(env, 'SEEDBED_MOCK_DEPTH', 15) || 15,
    mockAliases: int(env, 'SEEDBED_MOCK_ALIASES', int(env, 'SEEDBED_QUERY_ALIASES', 15)) || 15,
    mockCost: int(env, 'SEEDBED_MOCK_COST', int(env, 'SEEDBED_QUERY_COST', 5000)) || 5000,
    mockRows: int(env, 'SEEDBED_MOCK_ROWS', 5000) || 5000,
    mockOverlayRows: int(env, 'SEEDBED_MOCK_OVERLAY_ROWS', 10_000) || 10_000,
    mockOverlayBytes: int(env, 'SEEDBED_MOCK_OVERLAY_BYTES', 20_000_000) || 20_000_000,
    ...documentLimits(env),
    rowBudget: int(env, 'SEEDBED_IMPORT_ROWS', 1_000_000) || 1_000_000,
  };
}
