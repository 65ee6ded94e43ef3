/**
 * Rows put in their clustered key's order before LOAD DATA: the same lines
 * come out, each run in key order, and every line sent maps back to the row
 * the blueprint made (a refusal's row number).
 */
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { KeyOrder } from '../../../packages/seedbed/src/load/key-order';

/** Lines in `pieces` chunks that cut lines (and a multi-byte character) anywhere. */
function chunks(lines: string[], size: number): Readable {
  const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''));
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return Readable.from(parts);
}

const hex = (n: number) => (n * 2654435761 % 2 ** 32).toString(16).padStart(8, '0');

describe('KeyOrder', () => {
  it('sorts a table that fits one run whole, by the key column, and maps lines back to rows', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `${i}\t${hex(i)}-ünï\tx\\ty`);
    const order = new KeyOrder(1, false);
    const out = (await text(chunks(lines, 97).pipe(order))).split('\n').slice(0, -1);
    expect(out).toEqual([...lines].sort((a, b) => (a.split('\t')[1] < b.split('\t')[1] ? -1 : 1)));
    out.forEach((line, sent) => expect(lines[order.original(sent)]).toBe(line));
  });

  it('sorts runs of a bounded size on their own, and numbers as numbers', async () => {
    const lines = Array.from({ length: 1_000 }, (_, i) => `${(i * 7919) % 1000 - 500}\tname ${i}`);
    const order = new KeyOrder(0, true, 4_000);
    const out = (await text(chunks(lines, 1_024).pipe(order))).split('\n').slice(0, -1);
    expect([...out].sort()).toEqual([...lines].sort());
    const keys = out.map((l) => Number(l.split('\t')[0]));
    let runs = 1;
    for (let i = 1; i < keys.length; i++) if (keys[i] < keys[i - 1]) runs++;
    expect(runs).toBeGreaterThan(1);
    expect(runs).toBeLessThanOrEqual(Math.ceil(Buffer.byteLength(lines.join('\n')) / 4_000) + 1);
    out.forEach((line, sent) => expect(lines[order.original(sent)]).toBe(line));
  });

  it('passes rows already in key order through untouched', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${i + 1}\t${hex(i)}`);
    const order = new KeyOrder(0, true);
    expect(await text(chunks(lines, 50).pipe(order))).toBe(`${lines.join('\n')}\n`);
    expect(order.original(123)).toBe(123);
  });
});
