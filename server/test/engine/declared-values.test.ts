/**
 * Values of types that parse their text (networks, bit strings, XML,
 * geometry): what the generators make holds the type's own rules over many
 * rows, each format writes the text the database reads, and `validate`
 * refuses a generator or option that cannot fill the declared type, at the
 * field's path. The databases' own verdicts are in
 * server/test/import/declared-types-load.test.ts.
 */
import { compileBlueprint, streamTable, validateBlueprint, type Dialect } from '@seedbed/engine';
import type { BlueprintDocument, FieldDef } from '../../../packages/engine/src/document/types';
import { isIpText } from '../../../packages/engine/src/validate/typed-values-fit';
import { ipv6Text, xmlEscape } from '../../../packages/engine/src/generators/declared-values';
import { collect, doc } from './helpers';

const ROWS = 2000;
const one = (field: FieldDef, extra: Partial<BlueprintDocument> = {}, rows = 50): BlueprintDocument =>
  doc([{ name: 't', rows, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, field] }], extra);
const issues = (d: BlueprintDocument) => validateBlueprint(d).map((i) => `${i.path}: ${i.message}`);

/** The column's values as NDJSON gives them. */
async function values(field: FieldDef, rows = ROWS): Promise<string[]> {
  const plan = compileBlueprint(one(field, {}, rows), { seed: 7 });
  const text = await collect(streamTable(plan, 't', 'ndjson'));
  return text.trim().split('\n').map((line) => JSON.parse(line)[field.name]);
}

async function sqlOf(field: FieldDef, dialect: Dialect, sqlDialect: Dialect = dialect): Promise<string> {
  const plan = compileBlueprint(one(field, { sqlDialect }, 3), { seed: 7 });
  return collect(streamTable(plan, 't', 'sql', { dialect, header: false }));
}

describe('networks', () => {
  it('internet.cidr makes networks whose host bits are zero, IPv4 and IPv6, with prefixes in the asked range', async () => {
    for (const version of [4, 6]) {
      const made = await values({ name: 'net', generator: 'internet.cidr', options: { version, minPrefix: version === 4 ? 8 : 32, maxPrefix: version === 4 ? 30 : 64 } });
      for (const v of made) expect([v, isIpText(v, true)]).toEqual([v, true]);
      const prefixes = new Set(made.map((v) => Number(v.split('/')[1])));
      expect(Math.min(...prefixes)).toBe(version === 4 ? 8 : 32);
      expect(Math.max(...prefixes)).toBe(version === 4 ? 30 : 64);
      expect(made.every((v) => v.includes(version === 4 ? '.' : ':'))).toBe(true);
    }
  });

  it('reads addresses and networks as PostgreSQL does', () => {
    expect(isIpText('10.0.0.0/8', true)).toBe(true);
    expect(isIpText('10.0.0.1/8', true)).toBe(false);
    expect(isIpText('10.0.0.1/8', false)).toBe(true);
    expect(isIpText('192.168.1.300', false)).toBe(false);
    expect(isIpText('2001:db8::/32', true)).toBe(true);
    expect(isIpText('2001:db8::1/32', true)).toBe(false);
    expect(isIpText('::ffff:10.1.2.3', false)).toBe(true);
    expect(isIpText('10.0.0.1', false, 6)).toBe(false);
    expect(isIpText('1:2:3:4:5:6:7:8:9', false)).toBe(false);
    expect(ipv6Text([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1])).toBe('2001:db8::1');
    expect(ipv6Text([0, 0, 0, 0, 0, 0, 0, 0])).toBe('::');
    expect(ipv6Text([1, 0, 2, 0, 0, 3, 0, 0])).toBe('1:0:2::3:0:0');
  });
});

describe('bit strings', () => {
  it('string.bits makes exactly `length` bits, or min–max, and a unique bit(n) runs out with a clear error', async () => {
    expect((await values({ name: 'b', generator: 'string.bits', options: { length: 37 } })).every((v) => /^[01]{37}$/.test(v))).toBe(true);
    const varying = await values({ name: 'b', generator: 'string.bits', options: { min: 0, max: 5 } });
    expect(new Set(varying.map((v) => v.length))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(new Set(await values({ name: 'b', generator: 'string.bits', options: { length: 4 }, unique: true }, 16)).size).toBe(16);
    expect(() => compileBlueprint(one({ name: 'b', generator: 'string.bits', options: { length: 4 }, unique: true }, {}, 17))).toThrow(/has only 16 distinct values with these options, fewer than the 17 rows/);
  });

  it("is b'…' in MySQL's SQL, and quoted text in PostgreSQL's", async () => {
    const field: FieldDef = { name: 'b', generator: 'string.bits', options: { length: 6 } };
    expect(await sqlOf(field, 'mysql')).toMatch(/VALUES\s*\(1, b'[01]{6}'\)/);
    // Into a text column (a varying length has no MySQL BIT type) they stay characters.
    expect(await sqlOf({ name: 'b', generator: 'string.bits', options: { min: 1, max: 9 } }, 'mysql')).toMatch(/VALUES\s*\(1, '[01]{1,9}'\)/);
    expect(await sqlOf(field, 'postgres')).toMatch(/\(1, '[01]{6}'\)/);
  });
});

describe('xml', () => {
  it('escapes what markup would read', () => {
    expect(xmlEscape(`Tom & "Jerry" <O'Brien>`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;O&apos;Brien&gt;');
  });

  it('makes one well-formed element per value: tags balanced, no bare & or <', async () => {
    const text = String.raw`(?:[^<&]|&(?:amp|lt|gt|quot|apos);)*`;
    const shape = new RegExp(String.raw`^<memo id="\d+"><from>${text}</from><to>${text}</to><subject>${text}</subject><body>${text}</body></memo>$`);
    const made = await values({ name: 'x', generator: 'xml', options: { root: 'memo' } }, 1000);
    for (const v of made) expect(v).toMatch(shape);
    // Names such as O'Hara are there, escaped.
    expect(made.some((v) => v.includes('&apos;'))).toBe(true);
  });
});

/** A WKT/EWKT value's SRID, type and coordinate pairs. */
function parseWkt(text: string): { srid?: number; type: string; pairs: number[][]; rings: number[][][] } {
  const m = /^(?:SRID=(\d+);)?([A-Z]+)\((.*)\)$/.exec(text);
  if (!m) throw new Error(`not WKT: ${text}`);
  const rings = [...m[3].matchAll(/\(([^()]*)\)/g)].map((r) => r[1].split(',').map((p) => p.trim().split(' ').map(Number)));
  const pairs = m[3].replace(/[()]/g, '').split(',').map((p) => p.trim().split(' ').map(Number));
  return { ...(m[1] ? { srid: Number(m[1]) } : {}), type: m[2], pairs, rings };
}

/** Twice the signed area: positive for counter-clockwise rings. */
const signedArea = (ring: number[][]) => ring.slice(0, -1).reduce((s, [x, y], i) => s + x * ring[i + 1][1] - ring[i + 1][0] * y, 0);

/** Whether two segments cross (proper intersection). */
function crosses(a: number[], b: number[], c: number[], d: number[]): boolean {
  const o = (p: number[], q: number[], r: number[]) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

describe('geometry', () => {
  it('points in EWKT with the SRID, longitude then latitude inside the box', async () => {
    const made = await values({ name: 'g', generator: 'geometry', options: { srid: 4326, minLon: -10, maxLon: 30, minLat: 35, maxLat: 60 } });
    for (const v of made) {
      const { srid, type, pairs } = parseWkt(v);
      expect([srid, type, pairs.length]).toEqual([4326, 'POINT', 1]);
      const [[lon, lat]] = pairs;
      expect(lon >= -10 && lon <= 30 && lat >= 35 && lat <= 60).toBe(true);
    }
  });

  it('polygons are closed, counter-clockwise, simple rings within ±180/±90; multipolygons do not overlap', async () => {
    for (const shape of ['polygon', 'multipolygon']) {
      for (const v of await values({ name: 'g', generator: 'geometry', options: { shape, radius: 2 } }, 500)) {
        const { type, rings, srid } = parseWkt(v);
        expect(type).toBe(shape.toUpperCase());
        expect(srid).toBeUndefined();
        for (const ring of rings) {
          expect(ring.length).toBeGreaterThanOrEqual(5);
          expect(ring.at(-1)).toEqual(ring[0]);
          expect(signedArea(ring)).toBeGreaterThan(0);
          for (const [lon, lat] of ring) expect(Math.abs(lon) <= 180 && Math.abs(lat) <= 90).toBe(true);
          for (let i = 0; i < ring.length - 1; i++) for (let j = i + 2; j < ring.length - 1; j++) expect(crosses(ring[i], ring[i + 1], ring[j], ring[j + 1])).toBe(false);
        }
        const boxes = rings.map((r) => [Math.min(...r.map((p) => p[0])), Math.max(...r.map((p) => p[0]))]);
        for (let i = 1; i < boxes.length; i++) expect(boxes[i][0]).toBeGreaterThanOrEqual(boxes[i - 1][1]);
      }
    }
  });

  it('SRID 3857 is in metres within Web Mercator', async () => {
    for (const v of await values({ name: 'g', generator: 'geometry', options: { srid: 3857 } }, 300)) {
      const { pairs } = parseWkt(v);
      expect(Math.abs(pairs[0][0]) <= 20037508.35 && Math.abs(pairs[0][1]) <= 20037508.35).toBe(true);
    }
  });

  it("MySQL's SQL reads the text through ST_GeomFromText, without the SRID; PostgreSQL's is the EWKT; arrays of geometry are ':'-delimited", async () => {
    const field: FieldDef = { name: 'g', generator: 'geometry', options: { srid: 4326 } };
    expect(await sqlOf(field, 'mysql')).toMatch(/\(1, ST_GeomFromText\('POINT\(-?[\d.]+ -?[\d.]+\)'\)\)/);
    expect(await sqlOf(field, 'postgres')).toMatch(/\(1, 'SRID=4326;POINT\(-?[\d.]+ -?[\d.]+\)'\)/);
    // MySQL 8's `POINT SRID 4326` (MariaDB has no SRID columns): the SRID, and longitude first as MySQL otherwise reads 4326 latitude first.
    expect(await sqlOf({ ...field, sqlType: 'point srid 4326' }, 'mysql')).toMatch(/\(1, ST_GeomFromText\('POINT\(-?[\d.]+ -?[\d.]+\)', 4326, 'axis-order=long-lat'\)\)/);
    const array: FieldDef = { name: 'g', generator: 'array', options: { element: 'geometry', elementOptions: { srid: 4326 }, min: 2, max: 2 }, sqlType: 'geometry(Point,4326)[]' };
    expect(await sqlOf(array, 'postgres')).toMatch(/'\{"SRID=4326;POINT\([^)]*\)":"SRID=4326;POINT\([^)]*\)"\}'/);
    const plan = compileBlueprint(one(array, {}, 2), { seed: 7 });
    expect(await collect(streamTable(plan, 't', 'csv'))).toMatch(/\n1,"\{""SRID=4326;POINT\([^)]*\)"":""SRID=4326;POINT\([^)]*\)""\}"\r?\n/);
  });
});

describe('the declared type of these columns as a hard rule', () => {
  it.each<[string, FieldDef, Partial<BlueprintDocument>, RegExp]>([
    ['words for inet', { name: 'ip', generator: 'lorem.word', sqlType: 'inet' }, {}, /^tables\[0\]\.fields\[1\]\.generator: lorem\.word makes other text, not IP addresses; the column is declared inet$/],
    ['an address with host bits for cidr', { name: 'net', generator: 'constant', options: { value: '10.0.0.1/8' }, sqlType: 'cidr' }, {}, /constant makes "10\.0\.0\.1\/8", which a cidr column does not read/],
    ['IPv4 networks for MariaDB INET6', { name: 'ip', generator: 'internet.cidr', sqlType: 'inet6' }, { sqlDialect: 'mysql' }, /internet\.cidr makes networks, not bare addresses; the column is declared inet6/],
    ['IPv6 for MariaDB INET4', { name: 'ip', generator: 'internet.ipv6', sqlType: 'inet4' }, { sqlDialect: 'mysql' }, /not bare IPv4 addresses/],
    ['IPs for macaddr', { name: 'mac', generator: 'internet.ipv4', sqlType: 'macaddr' }, {}, /internet\.ipv4 makes other text, not MAC addresses/],
    ['numbers for interval', { name: 'd', generator: 'number.int', options: { min: 1, max: 9 }, sqlType: 'interval' }, {}, /number\.int makes integer values, not intervals/],
    ['4 bits for bit(8)', { name: 'b', generator: 'string.bits', options: { length: 4 }, sqlType: 'bit(8)' }, {}, /^tables\[0\]\.fields\[1\]\.options\.length: string\.bits makes 4 bits, not exactly 8; the column is declared bit\(8\)$/],
    ['up to 20 bits for varbit(16)', { name: 'b', generator: 'string.bits', options: { min: 1, max: 20 }, sqlType: 'bit varying(16)' }, {}, /options\.max: string\.bits makes up to 20 bits/],
    ['a label list outside bit(2)', { name: 'b', generator: 'list', options: { values: ['01', '111'] }, sqlType: 'bit(2)' }, {}, /list makes "111", which a bit\(2\) column does not read/],
    ['numbers for xml', { name: 'x', generator: 'number.int', sqlType: 'xml' }, {}, /number\.int makes integer values, not XML/],
    ['polygons for geometry(Point,4326)', { name: 'g', generator: 'geometry', options: { shape: 'polygon', srid: 4326 }, sqlType: 'geometry(Point,4326)' }, {}, /options\.shape: geometry makes polygons, not points; the column is declared geometry\(Point,4326\)/],
    ['another SRID', { name: 'g', generator: 'geometry', options: { srid: 3857 }, sqlType: 'public.geometry(Point, 4326)' }, {}, /options\.srid: geometry makes SRID 3857, not SRID 4326/],
    ['no SRID for an SRID column', { name: 'g', generator: 'geometry', sqlType: 'geometry(Point,4326)' }, {}, /generator: geometry makes values without an SRID, not SRID 4326/],
    ['3D points', { name: 'g', generator: 'geometry', options: { srid: 4326 }, sqlType: 'geometry(PointZ,4326)' }, {}, /makes points, not pointzs/],
    ["no SRID for MySQL 8's POINT SRID 4326", { name: 'g', generator: 'geometry', sqlType: 'point srid 4326' }, { sqlDialect: 'mysql' }, /geometry makes values without an SRID, not SRID 4326/],
    ['words in an inet[]', { name: 'ips', generator: 'array', options: { element: 'lorem.word' }, sqlType: 'inet[]' }, {}, /^tables\[0\]\.fields\[1\]\.options\.element: lorem\.word makes other text, not IP addresses; the column is declared inet\[\], an array of inet$/],
    ['3 bits in a bit(4)[]', { name: 'masks', generator: 'array', options: { element: 'string.bits', elementOptions: { length: 3 } }, sqlType: 'bit(4)[]' }, {}, /^tables\[0\]\.fields\[1\]\.options\.elementOptions\.length: string\.bits makes 3 bits, not exactly 4/],
    ['cities for geography', { name: 'g', generator: 'location.city', sqlType: 'geography(Point)' }, {}, /location\.city makes other text, not WKT or EWKT geometries/],
    ['free text for a MySQL SET', { name: 's', generator: 'lorem.word', sqlType: "set('a','b')" }, { sqlDialect: 'mysql' }, /does not take from the set's labels \(a, b\)/],
    ['a label the SET lacks', { name: 's', generator: 'weighted', options: { values: { a: 1, 'a,c': 1 } }, sqlType: "set('a','b')" }, { sqlDialect: 'mysql' }, /weighted makes "a,c", which a set\('a','b'\) column does not read/],
  ])('refuses %s', (_what, field, extra, message) => {
    expect(issues(one(field, extra))).toEqual([expect.stringMatching(message)]);
  });

  it.each<[string, FieldDef, Partial<BlueprintDocument>]>([
    ['addresses for inet', { name: 'ip', generator: 'internet.ipv6', sqlType: 'inet' }, {}],
    ['bare addresses for cidr (a /32 network)', { name: 'ip', generator: 'internet.ipv4', sqlType: 'cidr' }, {}],
    ['networks for cidr', { name: 'ip', generator: 'internet.cidr', options: { version: 6 }, sqlType: 'cidr' }, {}],
    ['MACs for macaddr8', { name: 'm', generator: 'internet.mac', sqlType: 'macaddr8' }, {}],
    ['intervals', { name: 'd', generator: 'date.interval', sqlType: 'interval' }, {}],
    ['a regex for bit(4)', { name: 'b', generator: 'regex', options: { pattern: '[01]{4}' }, sqlType: 'bit(4)' }, {}],
    ['booleans for MySQL bit(1)', { name: 'b', generator: 'datatype.boolean', sqlType: 'bit(1)' }, { sqlDialect: 'mysql' }],
    ['exact bits for bit(8)', { name: 'b', generator: 'string.bits', options: { length: 8 }, sqlType: 'bit(8)' }, {}],
    ['a geography point without an SRID (4326 is implied)', { name: 'g', generator: 'geometry', sqlType: 'geography(Point)' }, {}],
    ['polygons for plain geometry', { name: 'g', generator: 'geometry', options: { shape: 'polygon', srid: 2154 }, sqlType: 'geometry' }, {}],
    ['points for MySQL POINT', { name: 'g', generator: 'geometry', sqlType: 'point' }, { sqlDialect: 'mysql' }],
    ['subsets for a MySQL SET', { name: 's', generator: 'weighted', options: { values: { a: 1, 'a,b': 1, '': 1 } }, sqlType: "set('a','b')" }, { sqlDialect: 'mysql' }],
    ['prices for money', { name: 'm', generator: 'commerce.price', sqlType: 'money' }, {}],
    ['networks in a cidr[]', { name: 'nets', generator: 'array', options: { element: 'internet.cidr' }, sqlType: 'cidr[]' }, {}],
    ['xml for xml', { name: 'x', generator: 'xml', sqlType: 'xml' }, {}],
  ])('passes %s', (_what, field, extra) => {
    expect(issues(one(field, extra))).toEqual([]);
  });
});
