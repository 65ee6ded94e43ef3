/**
 * The guard in front of every connection to a user's PostgreSQL, MySQL or MariaDB (PRODUCT.md
 * §7). A target URL is user input pointing our server at the network, so:
 * only host, port, database, user, password and sslmode are taken from it;
 * the host is resolved once, every address it resolves to is checked, and the
 * connection goes to the checked address (a second lookup could rebind).
 */
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Client, type ClientConfig } from 'pg';
import { AppError } from '@seedbed/engine/errors';
import { refuseOwnDatabase, refusedEndpoint, servesOthers } from './refused-targets';

/** The server a URL names: `postgres://` (or `postgresql://`), `mysql://` (or `mariadb://`). */
export type TargetEngine = 'postgres' | 'mysql';

export interface ResolvedTarget {
  engine: TargetEngine;
  /** The checked IP address to connect to. */
  host: string;
  /** The host as written in the URL: TLS SNI and certificate name. */
  servername: string;
  port: number;
  database: string;
  user: string;
  password: string;
  ssl: false | ConnectionOptions;
}

/** Everything of a client's settings but where it connects, which the checked target decides. */
export type TargetClientOptions = Omit<ClientConfig, 'host' | 'port' | 'database' | 'user' | 'password' | 'ssl' | 'connectionString'>;

/**
 * A client for a checked target: it connects to the address the guard
 * resolved and allowed (never the URL's host name, which could resolve
 * elsewhere by now), with the URL's TLS settings. In a server (which serves
 * others), a failed sign-in tells nothing of why: a closed port, a silent
 * one, a service that is not PostgreSQL and a wrong password all fail with
 * the same TARGET_UNREACHABLE after the same time (the connect timeout), so
 * no import or run can map a network or guess a password (issue 24). The
 * reason rides along as the error's `cause`, for the operator's log.
 */
export function targetClient(target: ResolvedTarget, options: TargetClientOptions): Client {
  const { host, port, database, user, password, ssl } = target;
  const client = new Client({ host, port, database, user, password, ssl, ...options });
  if (!servesOthers()) return client;
  const connect = client.connect.bind(client) as () => Promise<Client>;
  const waitMs = options.connectionTimeoutMillis || 10_000;
  client.connect = (async () => {
    const started = Date.now();
    try {
      return await connect();
    } catch (error) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + waitMs - Date.now())));
      throw signInFailure(target, error);
    }
  }) as Client['connect'];
  return client;
}

/** The one answer of every failed sign-in, whatever it was. */
export function signInFailure(target: { servername: string; port: number; database: string; user: string }, cause?: unknown): AppError {
  const error = new AppError(
    'TARGET_UNREACHABLE',
    `Could not sign in to ${target.servername}:${target.port}/${target.database} as ${target.user}: the host, port, database, user or password is wrong, or this server may not connect there.`,
  );
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
}

export interface GuardOptions {
  /** Operator switch (SEEDBED_ALLOW_PRIVATE_TARGETS): loopback, private and link-local targets allowed. */
  allowPrivate: boolean;
  /** Path reported with refusals, e.g. `input.target.databaseUrl`. */
  path?: string;
}

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
type SslMode = (typeof SSL_MODES)[number];

/** A DNS name (letters, digits, dots, hyphens, underscores) or a bracketed IPv6 literal; no zone ids, no percent-escapes. */
const HOSTNAME = /^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?$/i;

/** Parses, resolves and checks a `postgres://` URL; throws TARGET_REFUSED or TARGET_UNREACHABLE. */
export async function checkTarget(rawUrl: string, options: GuardOptions): Promise<ResolvedTarget> {
  const parsed = parseTargetUrl(rawUrl, options.path);
  const addresses = await resolve(parsed.hostname, options.path);
  for (const address of addresses) refuseAddress(parsed.hostname, address, options);
  await refuseOwnDatabase(parsed.hostname, addresses, parsed.port, options.path);
  const host = addresses[0];
  return {
    engine: parsed.engine,
    host,
    servername: parsed.hostname,
    port: parsed.port,
    database: parsed.database,
    user: parsed.user,
    password: parsed.password,
    ssl: sslOptions(parsed.sslmode, parsed.hostname),
  };
}

interface ParsedUrl {
  engine: TargetEngine;
  hostname: string;
  port: number;
  database: string;
  user: string;
  password: string;
  sslmode: SslMode | undefined;
}

function refused(message: string, path: string | undefined): AppError {
  return new AppError('TARGET_REFUSED', message, path ? { path } : {});
}

const ENGINES: Record<string, TargetEngine> = { 'postgres:': 'postgres', 'postgresql:': 'postgres', 'mysql:': 'mysql', 'mariadb:': 'mysql' };
const DEFAULT_PORTS: Record<TargetEngine, number> = { postgres: 5432, mysql: 3306 };

export function parseTargetUrl(rawUrl: string, path?: string): ParsedUrl {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refused('The database URL is not a valid URL (expected postgres://user:password@host:5432/database).', path);
  }
  // A SQLite "target" is a path on the disk of whoever connects: for a server, any file it may write (its own database,
  // its artifacts, its code). Only the command on the user's own machine loads into one (`seedbed load --database sqlite:PATH`).
  if (url.protocol === 'sqlite:' || url.protocol === 'file:') {
    throw refused(`A database target must be a server reached over the network (postgres://, mysql:// or mariadb://): ${url.protocol} names a file on this server's own disk, which a load may not write. Load into a SQLite file with \`seedbed load --database sqlite:PATH\` on your machine.`, path);
  }
  const engine = ENGINES[url.protocol];
  if (!engine) throw refused(`The database URL must start with postgres://, postgresql://, mysql:// or mariadb://, not ${url.protocol}//.`, path);
  let sslmode: SslMode | undefined;
  for (const [name, value] of url.searchParams) {
    if (name !== 'sslmode') {
      throw refused(`The database URL parameter "${name}" is not accepted: only host, port, database, user, password and sslmode are taken from the URL.`, path);
    }
    if (!(SSL_MODES as readonly string[]).includes(value)) throw refused(`sslmode must be one of ${SSL_MODES.join(', ')}, not "${value}".`, path);
    sslmode = value as SslMode;
  }
  if (url.hash) throw refused('The database URL must not have a #fragment.', path);

  // postgres: is not a "special" WHATWG scheme, so the host comes back as written (numeric forms included).
  let hostname = url.hostname;
  if (hostname.startsWith('[') && hostname.endsWith(']')) {
    hostname = hostname.slice(1, -1);
    if (isIP(hostname) !== 6) throw refused(`"${url.hostname}" is not an IPv6 address.`, path);
  } else if (!hostname) {
    throw refused('The database URL has no host (socket paths are not accepted).', path);
  } else if (!HOSTNAME.test(hostname)) {
    throw refused(`"${decodeSafe(hostname)}" is not a host name.`, path);
  }

  const port = url.port === '' ? DEFAULT_PORTS[engine] : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw refused(`Port ${url.port} is out of range.`, path);
  const database = decodeSafe(url.pathname.replace(/^\//, ''));
  if (database.includes('/')) throw refused(`"${database}" is not a database name.`, path);
  const user = decodeSafe(url.username);
  if (!user) throw refused('The database URL has no user name.', path);
  return { engine, hostname: hostname.toLowerCase(), port, database: database || user, user, password: decodeSafe(url.password), sslmode };
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function resolve(hostname: string, path: string | undefined): Promise<string[]> {
  if (isIP(hostname)) return [hostname];
  try {
    const found = await dns.lookup(hostname, { all: true, verbatim: true });
    if (found.length === 0) throw Object.assign(new Error('no addresses'), { code: 'ENOTFOUND' });
    return found.map((a) => a.address);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new AppError('TARGET_UNREACHABLE', `The database host "${hostname}" could not be resolved (${code}).`, path ? { path } : {});
  }
}

/** ipaddr.js range names that may be connected to when private targets are not allowed. */
const PUBLIC_RANGES = new Set(['unicast']);

function refuseAddress(hostname: string, address: string, options: GuardOptions): void {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    throw refused(`The database host "${hostname}" resolved to "${address}", which is not an address this server can check.`, options.path);
  }
  // ::ffff:a.b.c.d reaches a.b.c.d: judge the IPv4 address it carries.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const shown = hostname === ip.toString() ? hostname : `"${hostname}" (${ip.toString()})`;
  // An IPv6 address that carries an IPv4 one (compatible, NAT64, 6to4, Teredo) may be routed to it: both are judged.
  const judged = ip.kind() === 'ipv6' ? [ip, ...embeddedIPv4(ip as ipaddr.IPv6)] : [ip];
  for (const candidate of judged) {
    const carried = candidate === ip ? '' : ` (it carries the IPv4 address ${candidate.toString()})`;
    const endpoint = refusedEndpoint(candidate);
    if (endpoint) throw refused(`The database host ${shown} is ${endpoint}${carried}; this address is never a target.`, options.path);
    if (options.allowPrivate) continue;
    const range = candidate.range();
    if (!PUBLIC_RANGES.has(range)) {
      throw refused(
        `The database host ${shown} is a ${describe(range)} address${carried}; this server only connects to public addresses (the operator can allow private ones with SEEDBED_ALLOW_PRIVATE_TARGETS=true).`,
        options.path,
      );
    }
  }
}

/** The IPv4 addresses an IPv6 address embeds by a standard transition scheme, which a router may deliver to. */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] {
  const w = ip.parts; // eight 16-bit words
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  const found: ipaddr.IPv4[] = [];
  // ::a.b.c.d (IPv4-compatible, deprecated but still parsed by stacks), ::ffff:0:a.b.c.d (SIIT).
  if (zero(0, 5) && (w[5] === 0 || w[5] === 0xffff) && (w[6] !== 0 || w[7] > 1)) found.push(v4(w[6], w[7]));
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) found.push(v4(w[6], w[7]));
  // NAT64: 64:ff9b::/96 and the local-use 64:ff9b:1::/48.
  if (w[0] === 0x64 && w[1] === 0xff9b && (zero(2, 6) || w[2] === 1)) found.push(v4(w[6], w[7]));
  // 6to4: 2002:AABB:CCDD::/48.
  if (w[0] === 0x2002) found.push(v4(w[1], w[2]));
  // Teredo: 2001:0:SERVER:flags:port:~CLIENT.
  if (w[0] === 0x2001 && w[1] === 0) found.push(v4(w[2], w[3]), v4(w[6] ^ 0xffff, w[7] ^ 0xffff));
  return found;
}

function describe(range: string): string {
  const names: Record<string, string> = {
    loopback: 'loopback',
    private: 'private',
    uniqueLocal: 'private (unique local)',
    linkLocal: 'link-local',
    multicast: 'multicast',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    carrierGradeNat: 'carrier-grade NAT',
  };
  return names[range] ?? `reserved (${range})`;
}

/**
 * libpq's sslmodes mapped onto Node TLS. node-pg cannot fall back from TLS to
 * plain, so `allow`/`prefer` connect without TLS (as node-pg does by default);
 * `require` encrypts without verifying, `verify-ca` checks the chain,
 * `verify-full` the chain and the name in the URL (we connect to the IP).
 */
function sslOptions(mode: SslMode | undefined, servername: string): false | ConnectionOptions {
  const sni = isIP(servername) ? {} : { servername };
  switch (mode) {
    case 'require':
      return { ...sni, rejectUnauthorized: false };
    case 'verify-ca':
      return { ...sni, rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { ...sni, rejectUnauthorized: true };
    default:
      return false;
  }
}
