import ipaddr from 'ipaddr.js';
import { AppError } from '@seedbed/engine/errors';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { protectOwnDatabase, REFUSED_ENDPOINTS } from '../../../packages/import/src/targets/refused-targets';
import { loadConfig } from '../../src/config';

/** Only parsing and address checks: nothing here connects anywhere. */
const closed = { allowPrivate: false };

async function refusal(url: string, options = closed): Promise<AppError> {
  try {
    await checkTarget(url, options);
  } catch (error) {
    return error as AppError;
  }
  throw new Error(`${url} was accepted`);
}

describe('target guard (private targets not allowed)', () => {
  it.each([
    ['loopback', 'postgres://u:p@127.0.0.1:5432/db'],
    ['decimal loopback', 'postgres://u:p@2130706433/db'],
    ['hex loopback', 'postgres://u:p@0x7f000001/db'],
    ['short loopback', 'postgres://u:p@127.1/db'],
    ['IPv4-mapped loopback', 'postgres://u:p@[::ffff:127.0.0.1]/db'],
    ['IPv6 loopback', 'postgresql://u:p@[::1]/db'],
    ['metadata', 'postgres://u:p@169.254.169.254/db'],
    ['IPv6 metadata', 'postgres://u:p@[fd00:ec2::254]/db'],
    ['RFC 1918', 'postgres://u:p@10.0.0.1/db'],
    ['RFC 1918 /12', 'postgres://u:p@172.16.5.4/db'],
    ['carrier-grade NAT', 'postgres://u:p@100.64.0.1/db'],
    ['unspecified', 'postgres://u:p@0.0.0.0/db'],
    ['multicast', 'postgres://u:p@224.0.0.1/db'],
    ['IPv6 link-local', 'postgres://u:p@[fe80::1]/db'],
    ['IPv6 unique local', 'postgres://u:p@[fd12:3456::1]/db'],
    ['localhost', 'postgres://u:p@localhost/db'],
    ['IPv4-compatible loopback', 'postgres://u:p@[::127.0.0.1]/db'],
    ['IPv4-compatible loopback, hex', 'postgres://u:p@[::7f00:1]/db'],
    ['IPv4-compatible private', 'postgres://u:p@[::10.0.0.1]/db'],
    ['SIIT loopback', 'postgres://u:p@[::ffff:0:7f00:1]/db'],
    ['NAT64 loopback', 'postgres://u:p@[64:ff9b::127.0.0.1]/db'],
    ['local-use NAT64 loopback', 'postgres://u:p@[64:ff9b:1::7f00:1]/db'],
    ['6to4 of loopback', 'postgres://u:p@[2002:7f00:1::1]/db'],
  ])('refuses %s (%s)', async (_name, url) => {
    const error = await refusal(url);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/address/);
  });

  it('refuses URL parameters other than sslmode, naming them', async () => {
    const root = await refusal('postgres://u:p@93.184.216.34/db?sslrootcert=/etc/passwd');
    expect(root.code).toBe('TARGET_REFUSED');
    expect(root.message).toContain('"sslrootcert"');
    const socket = await refusal('postgres://u:p@93.184.216.34/db?host=/var/run/postgresql');
    expect(socket.code).toBe('TARGET_REFUSED');
    expect(socket.message).toContain('"host"');
    expect((await refusal('postgres://u:p@93.184.216.34/db?options=-c%20search_path%3Devil')).message).toContain('"options"');
    expect((await refusal('postgres://u:p@93.184.216.34/db?sslmode=bogus')).message).toContain('sslmode');
  });

  it('refuses URLs without a host, of another scheme, or with a path host', async () => {
    for (const url of ['postgres://u:p@/db', 'postgres:///db?host=/tmp', 'mongodb://u:p@93.184.216.34/db', 'mysql://u:p@/db', 'not a url', 'postgres://u:p@%2Ftmp/db']) {
      expect((await refusal(url)).code).toBe('TARGET_REFUSED');
    }
  });

  it('accepts a public address and returns the address to connect to', async () => {
    const target = await checkTarget('postgresql://alice:s%40cret@93.184.216.34:6543/shop?sslmode=require', closed);
    expect(target).toMatchObject({ host: '93.184.216.34', servername: '93.184.216.34', port: 6543, database: 'shop', user: 'alice', password: 's@cret' });
    expect(target.ssl).toMatchObject({ rejectUnauthorized: false });
    const plain = await checkTarget('postgres://bob@[2606:2800:220:1:248:1893:25c8:1946]/app', closed);
    expect(plain).toMatchObject({ host: '2606:2800:220:1:248:1893:25c8:1946', port: 5432, database: 'app', user: 'bob', ssl: false });
  });

  it('answers TARGET_UNREACHABLE when the name does not resolve', async () => {
    const error = await refusal('postgres://u:p@no-such-host.invalid/db');
    expect(error.code).toBe('TARGET_UNREACHABLE');
  });
});

describe('target guard (private targets allowed)', () => {
  const open = { allowPrivate: true };

  it('accepts loopback and private hosts, connecting to the resolved address', async () => {
    expect((await checkTarget('postgres://u:p@localhost:5433/db', open)).host).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect((await checkTarget('postgres://u:p@localhost:5433/db', open)).servername).toBe('localhost');
    expect((await checkTarget('postgres://u:p@10.0.0.1/db', open)).host).toBe('10.0.0.1');
    expect((await checkTarget('postgres://u:p@2130706433/db', open)).host).toBe('127.0.0.1');
  });

  it('still refuses metadata addresses and foreign parameters', async () => {
    expect((await refusal('postgres://u:p@169.254.169.254/db', open)).code).toBe('TARGET_REFUSED');
    expect((await refusal('postgres://u:p@localhost/db?sslrootcert=x', open)).code).toBe('TARGET_REFUSED');
  });

  it.each([
    ['IPv4-compatible', 'postgres://u:p@[::169.254.169.254]/db'],
    ['NAT64', 'postgres://u:p@[64:ff9b::a9fe:a9fe]/db'],
    ['6to4', 'postgres://u:p@[2002:a9fe:a9fe::1]/db'],
    ['Teredo server', 'postgres://u:p@[2001:0:a9fe:a9fe::1]/db'],
    ['Teredo client', 'postgres://u:p@[2001:0:4136:e378:8000:63bf:5601:5601]/db'],
  ])('refuses a metadata address carried in an IPv6 address (%s)', async (_name, url) => {
    const error = await refusal(url, open);
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/metadata service \(AWS.*\) \(it carries the IPv4 address 169\.254\.169\.254\)/);
  });
});

describe('the one list of refused endpoints (issue 24, row 7)', () => {
  /** An address the entry holds: the address itself, or one inside its range. */
  const inside = (range: string) => {
    const [network, bits] = ipaddr.parseCIDR(range);
    if (bits === (network.kind() === 'ipv4' ? 32 : 128)) return network.toString();
    const bytes = network.toByteArray();
    bytes[bytes.length - 1] |= 7;
    bytes[bytes.length - 2] |= 3;
    return ipaddr.fromByteArray(bytes).toString();
  };
  const spelled = (address: string) => (address.includes(':') ? `[${address}]` : address);
  const cases = REFUSED_ENDPOINTS.flatMap(({ range, what }) => [true, false].map((allowPrivate) => [range, allowPrivate, what] as const));

  it.each(cases)('refuses %s (private targets allowed: %s)', async (range, allowPrivate, what) => {
    const address = inside(range);
    const error = await refusal(`postgres://u:p@${spelled(address)}:5432/db`, { allowPrivate });
    expect(error.code).toBe('TARGET_REFUSED');
    // Each entry's own words (a range's sample is none of the exact endpoints listed before it).
    expect(error.message).toContain(what);
  });

  it('names the ones the issue measured: WireServer and the instance DNS, in every mode', async () => {
    for (const allowPrivate of [true, false]) {
      expect((await refusal('postgres://u:p@168.63.129.16/db', { allowPrivate })).message).toMatch(/Azure WireServer/);
      expect((await refusal('postgres://u:p@169.254.169.253/db', { allowPrivate })).message).toMatch(/instance DNS/);
      expect((await refusal('postgres://u:p@[::ffff:168.63.129.16]/db', { allowPrivate })).message).toMatch(/Azure WireServer/);
    }
  });
});

describe("this server's own database (issue 24, row 2)", () => {
  afterEach(() => delete process.env.SEEDBED_OWN_DATABASE_ADDRESS);
  const open = { allowPrivate: true };

  it('is refused on every local address that reaches its port, and only on that port', async () => {
    protectOwnDatabase('postgres://seedbed:secret@127.0.0.1:6543/seedbed');
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.2', '0.0.0.0', '[::1]', '[::ffff:127.0.0.1]', '2130706433']) {
      const error = await refusal(`postgres://postgres:guess@${host}:6543/postgres`, open);
      expect([host, error.code, error.message]).toEqual([host, 'TARGET_REFUSED', expect.stringMatching(/own database/)]);
    }
    expect((await checkTarget('postgres://u:p@127.0.0.1:6544/db', open)).host).toBe('127.0.0.1');
  });

  it('is refused at its address when it is another machine', async () => {
    protectOwnDatabase('postgres://seedbed:secret@93.184.216.34:5432/seedbed');
    expect((await refusal('postgres://u:p@93.184.216.34/other', closed)).message).toMatch(/own database/);
    expect((await refusal('postgres://u:p@[::ffff:93.184.216.34]:5432/other', closed)).message).toMatch(/own database/);
    expect((await checkTarget('postgres://u:p@93.184.216.35/db', closed)).host).toBe('93.184.216.35');
  });
});

describe('SEEDBED_ALLOW_PRIVATE_TARGETS', () => {
  it('defaults to allowed only while the server listens on loopback alone, and can be overridden', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ host: '127.0.0.1', allowPrivateTargets: true });
    expect(loadConfig({ NODE_ENV: 'test' }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ host: undefined, allowPrivateTargets: false });
    expect(loadConfig({ NODE_ENV: 'development', SEEDBED_HOST: '0.0.0.0' }).allowPrivateTargets).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEEDBED_HOST: '192.168.1.5' }).allowPrivateTargets).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEEDBED_HOST: '::1' }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEEDBED_HOST: 'localhost' }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEEDBED_ALLOW_PRIVATE_TARGETS: 'true' }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', SEEDBED_ALLOW_PRIVATE_TARGETS: 'false' }).allowPrivateTargets).toBe(false);
    expect(() => loadConfig({ SEEDBED_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(/SEEDBED_ALLOW_PRIVATE_TARGETS/);
  });
});
