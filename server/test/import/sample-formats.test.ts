/**
 * Formats a sample's text values are recognised by (issue 12): a column of
 * UUIDs, IPv4 or IPv6 addresses, or currency amounts becomes the generator
 * that makes such values, the generated rows have that format, and none of
 * the sample's values reaches the blueprint or its report.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { compileBlueprint, streamTable, type BlueprintDocument } from '@seedbed/engine';
import { importSample } from '../../../packages/import/src/sample/import-sample';
import type { ImportResult } from '../../../packages/import/src/types';
import { prng } from '../support/prng';

const random = prng(99);
const int = (n: number) => Math.floor(random() * n);
const hex = (digits: number) => Array.from({ length: digits }, () => '0123456789abcdef'[int(16)]).join('');

const ROWS = 60;
const uuids = Array.from({ length: ROWS }, () => randomUUID());
const ipv4s = Array.from({ length: ROWS }, () => `${11 + int(200)}.${int(256)}.${int(256)}.${1 + int(254)}`);
// Full and compressed forms, as logs and APIs write them.
const ipv6s = Array.from({ length: ROWS }, (_, i) =>
  i % 3 === 0 ? `2001:db8:${hex(4)}:${hex(4)}::${hex(3)}` : i % 3 === 1 ? `fe80::${hex(4)}:${hex(4)}:${hex(2)}ff:fe${hex(2)}` : Array.from({ length: 8 }, () => hex(4)).join(':'),
);
// Symbols before or codes after, thousands separators, cents.
const amounts = Array.from({ length: ROWS }, (_, i) => {
  const value = (100 + int(900_000)) / 100;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return i % 4 === 0 ? `$${text}` : i % 4 === 1 ? `€${text}` : i % 4 === 2 ? `${text} USD` : `£${text}`;
});

/** The amounts as numbers. */
const figures = amounts.map((a) => Number(a.replace(/[^0-9.]/g, '')));

/** Column names that say nothing, so the values alone decide. */
const records = Array.from({ length: ROWS }, (_, i) => ({ id: i + 1, token: uuids[i], origin: ipv4s[i], peer: ipv6s[i], charged: amounts[i] }));

async function generate(doc: BlueprintDocument, table: string, rows: number): Promise<Record<string, unknown>[]> {
  const plan = compileBlueprint(doc, { rowOverrides: { [table]: rows } });
  let text = '';
  for await (const chunk of streamTable(plan, table, 'ndjson', {})) text += chunk.toString();
  return text.trim().split('\n').map((line) => JSON.parse(line));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const csvOf = (rows: Record<string, unknown>[]) => {
  const quote = (v: unknown) => (/[,"]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [Object.keys(rows[0]).join(','), ...rows.map((r) => Object.values(r).map(quote).join(','))].join('\n');
};

describe.each([
  ['JSON_SAMPLE', () => JSON.stringify(records)],
  ['CSV_SAMPLE', () => csvOf(records)],
] as const)('values of a known format in a %s', (kind, text) => {
  let result: ImportResult;
  const field = (name: string) => result.document.tables[0].fields.find((f) => f.name === name)!;
  beforeAll(async () => {
    result = await importSample(text(), kind, { name: 'events' });
  });

  it('makes a column of UUIDs uuid, unique as in the sample', () => {
    expect(field('token')).toMatchObject({ generator: 'uuid', unique: true });
    expect(result.report.find((d) => d.field === 'token')!.reason).toMatch(/UUIDs/);
  });

  it('makes a column of IPv4 addresses internet.ipv4', () => {
    expect(field('origin').generator).toBe('internet.ipv4');
    expect(result.report.find((d) => d.field === 'origin')!.reason).toMatch(/IPv4/);
  });

  it('makes a column of IPv6 addresses, full and compressed, internet.ipv6', () => {
    expect(field('peer').generator).toBe('internet.ipv6');
    expect(result.report.find((d) => d.field === 'peer')!.reason).toMatch(/IPv6/);
  });

  it('makes a column of currency amounts ($, €, £ before, USD after) commerce.price over their range and precision', () => {
    expect(field('charged')).toMatchObject({ generator: 'commerce.price', options: { min: Math.min(...figures), max: Math.max(...figures), dec: 2 } });
    expect(result.report.find((d) => d.field === 'charged')!.reason).toMatch(/currency amounts from [\d,.]+ to [\d,.]+ with 2 decimals/);
  });

  it('generates values of those formats', async () => {
    const rows = await generate(result.document, 'events', 200);
    for (const row of rows) {
      expect(row.token).toMatch(UUID);
      expect(net.isIPv4(row.origin as string)).toBe(true);
      expect(net.isIPv6(row.peer as string)).toBe(true);
      expect(row.charged).toBeGreaterThanOrEqual(Math.min(...figures));
      expect(row.charged).toBeLessThanOrEqual(Math.max(...figures));
    }
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
  });

  it('keeps none of the sample values in the blueprint or its report (but the ends of the amounts\' range)', () => {
    const written = JSON.stringify(result);
    const values = [...uuids, ...ipv4s, ...ipv6s, ...amounts];
    expect(values.filter((v) => written.includes(v))).toEqual([]);
    // Nor the amounts' figures without their symbols, as written or as numbers, but for the smallest and the largest.
    const ends = new Set([Math.min(...figures), Math.max(...figures)]);
    const inner = amounts.filter((_, i) => !ends.has(figures[i]));
    expect(inner.map((a) => a.replace(/[^0-9.,]/g, '')).filter((v) => written.includes(v))).toEqual([]);
    expect(inner.map((a) => String(Number(a.replace(/[^0-9.]/g, '')))).filter((v) => new RegExp(`[^\\d.]${v.replace('.', '\\.')}[^\\d]`).test(written))).toEqual([]);
  });
});

describe('text that only looks like an address', () => {
  const macs = Array.from({ length: ROWS }, () => Array.from({ length: 6 }, () => hex(2)).join(':'));
  const times = Array.from({ length: ROWS }, (_, i) => `${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}`);

  it('makes MAC addresses written with colons internet.mac, not IPv6 addresses', async () => {
    const { document } = await importSample(JSON.stringify(macs.map((mac, i) => ({ id: i + 1, hw: mac }))), 'JSON_SAMPLE');
    expect(document.tables[0].fields.find((f) => f.name === 'hw')!.generator).toBe('internet.mac');
    expect(macs.filter((m) => JSON.stringify(document).includes(m))).toEqual([]);
  });

  it('makes currency amounts of which some are negative (refunds) decimals over their range', async () => {
    const ledger = Array.from({ length: ROWS }, (_, i) => ({ id: i + 1, moved: i % 5 === 0 ? `-${(i + 1) * 3}.25 EUR` : `${(i + 1) * 7}.5 EUR` }));
    const { document } = await importSample(JSON.stringify(ledger), 'JSON_SAMPLE');
    expect(document.tables[0].fields.find((f) => f.name === 'moved')).toMatchObject({ generator: 'number.float', options: { min: -(56 * 3 + 0.25), max: 60 * 7 + 0.5, fractionDigits: 2 } });
  });

  it('does not take times of day (HH:MM:SS) for IPv6 addresses', async () => {
    const { document } = await importSample(JSON.stringify(times.map((at, i) => ({ id: i + 1, at }))), 'JSON_SAMPLE');
    expect(document.tables[0].fields.find((f) => f.name === 'at')!.generator).not.toBe('internet.ipv6');
  });
});
