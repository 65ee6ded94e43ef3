/**
 * What no database target may ever be, in any mode (PRODUCT.md §7, issue
 * 24): the platform endpoints of one list, and this server's own database.
 * The target guard consults both once it has resolved a host.
 */
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors';

/**
 * Platform endpoints: never a database, always worth stealing from (instance
 * credentials, the platform's agent, its DNS). Refused in every mode, even
 * with SEEDBED_ALLOW_PRIVATE_TARGETS=true, and some of them are public
 * addresses (WireServer), so the private-address rule alone would not catch
 * them. The specific entries come first, so a refusal names what it hit.
 */
export const REFUSED_ENDPOINTS: readonly { range: string; what: string }[] = [
  { range: '169.254.169.254/32', what: 'the cloud instance metadata service (AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean)' },
  { range: 'fd00:ec2::254/128', what: 'the AWS instance metadata service' },
  { range: '169.254.170.2/32', what: 'the AWS ECS task metadata and credentials endpoint' },
  { range: '169.254.170.23/32', what: 'the AWS EKS Pod Identity agent' },
  { range: 'fd00:ec2::23/128', what: 'the AWS EKS Pod Identity agent' },
  { range: '169.254.169.253/32', what: 'the AWS instance DNS resolver' },
  { range: 'fd00:ec2::253/128', what: 'the AWS instance DNS resolver' },
  { range: '169.254.169.123/32', what: 'the AWS time sync service' },
  { range: 'fd00:ec2::123/128', what: 'the AWS time sync service' },
  { range: '168.63.129.16/32', what: 'the Azure WireServer (platform agent, DNS and health probes)' },
  { range: '100.100.100.200/32', what: 'the Alibaba Cloud metadata service' },
  { range: '169.254.0.0/16', what: 'a link-local address, where cloud platforms keep their instance endpoints' },
  { range: 'fe80::/10', what: 'an IPv6 link-local address' },
];
const REFUSED = REFUSED_ENDPOINTS.map((entry) => ({ ...entry, cidr: ipaddr.parseCIDR(entry.range) }));

/** What a refused endpoint list entry says about `ip`, if it holds it. */
export function refusedEndpoint(ip: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  return REFUSED.find(({ cidr }) => cidr[0].kind() === ip.kind() && ip.match(cidr))?.what;
}

/**
 * This server's own database (PRODUCT.md §7): never a target, whatever the
 * mode, on any address that reaches it. The process that connects to it
 * registers its host and port; when that host is this machine, every local
 * address with that port is it (loopback, unspecified, this machine's
 * interfaces). A socket path is never a target anyway (the URL takes a host
 * only). Kept in the environment, host and port only, so that the worker
 * threads and processes started afterwards (imports, runs) inherit it.
 */
const OWN_DATABASE = 'SEEDBED_OWN_DATABASE_ADDRESS';

/**
 * This process serves others (the API, a run worker): its own database is
 * never a target, and a target's sign-in failures all look alike (see
 * `targetClient`). The command line, a user's own tool, says them as they are.
 */
export function protectOwnDatabase(url: string): void {
  const parsed = new URL(url);
  process.env[OWN_DATABASE] = `${parsed.hostname}|${parsed.port || '5432'}`;
}

/** True in a process that serves others (one that called `protectOwnDatabase`, or a thread it started). */
export const servesOthers = (): boolean => !!process.env[OWN_DATABASE];

let resolvedOwn: { spec: string; own: Promise<{ port: number; addresses: Set<string>; local: boolean }> } | undefined;

function ownDatabase(): Promise<{ port: number; addresses: Set<string>; local: boolean }> | undefined {
  const spec = process.env[OWN_DATABASE];
  if (!spec) return undefined;
  if (resolvedOwn?.spec !== spec) {
    const [host, port] = spec.split('|');
    const hostname = host.replace(/^\[|\]$/g, '');
    const own = (isIP(hostname) ? Promise.resolve([hostname]) : dns.lookup(hostname, { all: true, verbatim: true }).then((all) => all.map((a) => a.address), () => [])).then((found) => {
      const addresses = new Set(found.map(normalized));
      return { port: Number(port), addresses, local: [...addresses].some(isLocalAddress) };
    });
    resolvedOwn = { spec, own };
  }
  return resolvedOwn.own;
}

function normalized(address: string): string {
  try {
    const ip = ipaddr.parse(address);
    return (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip).toNormalizedString();
  } catch {
    return address;
  }
}

/** An address that reaches this machine: loopback, unspecified (0.0.0.0 connects to it), or one of its interfaces. */
function isLocalAddress(address: string): boolean {
  const ip = ipaddr.parse(address);
  if (['loopback', 'unspecified'].includes(ip.range())) return true;
  const own = Object.values(os.networkInterfaces()).flat().map((i) => i && normalized(i.address));
  return own.includes(ip.toNormalizedString());
}

export async function refuseOwnDatabase(hostname: string, addresses: string[], port: number, path: string | undefined): Promise<void> {
  const own = await ownDatabase();
  if (!own || own.port !== port) return;
  for (const address of addresses.map(normalized)) {
    if (own.addresses.has(address) || (own.local && isLocalAddress(address))) {
      throw new AppError('TARGET_REFUSED', `The database at ${hostname}:${port} is this server's own database, which is never a target.`, path ? { path } : {});
    }
  }
}
