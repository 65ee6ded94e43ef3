/**
 * The CSV → binary COPY transcoder on its own (no database): the exact bytes
 * PostgreSQL's binary format defines for each kind, whatever the chunk
 * boundaries, and `NotBinary` for what only PostgreSQL's text input may read.
 * binary-copy.test.ts proves the same rows land as text COPY stores them.
 */
import { BinaryCopyEncoder, NotBinary, type BinaryKind } from '../../../packages/seedbed/src/load/pg-binary';

async function encode(kinds: BinaryKind[], chunks: Buffer[]): Promise<Buffer> {
  const encoder = new BinaryCopyEncoder(
    kinds,
    kinds.map((_, i) => `c${i}`),
  );
  const out: Buffer[] = [];
  encoder.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    encoder.on('end', resolve);
    encoder.on('error', reject);
  });
  for (const c of chunks) encoder.write(c);
  encoder.end();
  await done;
  return Buffer.concat(out);
}

const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cell = (bytes: Buffer) => Buffer.concat([int32(bytes.length), bytes]);
const int8 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return cell(b);
};

describe('binary COPY transcoder', () => {
  const kinds: BinaryKind[] = ['uuid', 'text', 'int8', 'int4', 'int2', 'date', 'jsonb'];
  const csv = [
    '0f8e3c2a-51b4-4c1e-9d7a-2b6f0e4a1c3d,"a, ""quoted""\nline",-1,-2147483648,-32768,1999-12-31,"{""a"": 1}"',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF,plain,-9223372036854775808,2147483647,32767,2000-01-01,{}',
    ',,123456789012345,,,,',
    '00000000-0000-0000-0000-000000000000,,999999999999999,0,0,0001-01-01,[]\r',
    '',
  ].join('\n');

  it('writes each kind as PostgreSQL reads it in binary, NULL for an unquoted empty cell', async () => {
    const out = await encode(kinds, [Buffer.from(csv)]);
    const NULL = int32(-1);
    const jsonb = (s: string) => cell(Buffer.concat([Buffer.from([1]), Buffer.from(s)]));
    const int4 = (n: number) => cell(int32(n));
    const int2 = (n: number) => {
      const b = Buffer.alloc(2);
      b.writeInt16BE(n);
      return cell(b);
    };
    const row = (...cells: Buffer[]) => Buffer.concat([Buffer.from([0, kinds.length]), ...cells]);
    const expected = Buffer.concat([
      HEADER,
      row(cell(Buffer.from('0f8e3c2a51b44c1e9d7a2b6f0e4a1c3d', 'hex')), cell(Buffer.from('a, "quoted"\nline')), int8(-1n), int4(-2147483648), int2(-32768), int4(-1), jsonb('{"a": 1}')),
      row(cell(Buffer.alloc(16, 0xff)), cell(Buffer.from('plain')), int8(-(2n ** 63n)), int4(2147483647), int2(32767), int4(0), jsonb('{}')),
      row(NULL, NULL, int8(123456789012345n), NULL, NULL, NULL, NULL),
      row(cell(Buffer.alloc(16)), NULL, int8(999999999999999n), int4(0), int2(0), int4(-730119), jsonb('[]')),
      Buffer.from([0xff, 0xff]),
    ]);
    expect(out.equals(expected)).toBe(true);
  });

  it('gives the same bytes however the CSV is cut into chunks', async () => {
    const bytes = Buffer.from(csv);
    const whole = await encode(kinds, [bytes]);
    for (let cut = 1; cut < bytes.length; cut++) {
      const split = await encode(kinds, [bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect({ cut, same: split.equals(whole) }).toEqual({ cut, same: true });
    }
  });

  it('frames an empty table, and one whose first chunk holds no whole row, with one header', async () => {
    expect((await encode(kinds, [])).equals(Buffer.concat([HEADER, Buffer.from([0xff, 0xff])]))).toBe(true);
    const one = await encode(['int4'], [Buffer.from('4'), Buffer.from('2'), Buffer.from('\n')]);
    expect(one.equals(Buffer.concat([HEADER, Buffer.from([0, 1]), cell(int32(42)), Buffer.from([0xff, 0xff])]))).toBe(true);
  });

  it.each([
    ['int4', '2147483648'],
    ['int2', '-32769'],
    ['int8', '9223372036854775808'],
    ['int4', ' 7'],
    ['date', '2023-02-29'],
    ['uuid', '{0f8e3c2a-51b4-4c1e-9d7a-2b6f0e4a1c3d}'],
    ['uuid', '0f8e3c2a-51b4-4c1e-9d7a-2b6f0e4a1c3g'],
    ['int4', '"7"'],
  ] as [BinaryKind, string][])('leaves %s %s to PostgreSQL (NotBinary)', async (kind, text) => {
    await expect(encode([kind], [Buffer.from(`${text}\n`)])).rejects.toBeInstanceOf(NotBinary);
  });
});
