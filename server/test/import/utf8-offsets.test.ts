/**
 * Text that is not UTF-8 is refused at its exact byte (issue 24, row 8): in
 * an uploaded sample however it is cut into chunks (before: "within bytes
 * 0–54", the whole chunk), and in any JSON request body (before: read as
 * U+FFFD and stored as a different text than was sent).
 */
import { Readable } from 'node:stream';
import { AppError } from '../../src/errors';
import { importSample } from '../../src/modules/import/sample/import-sample';
import { describeByteAt, invalidUtf8At } from '../../src/modules/import/source-text';
import { fc, runsOf } from '../support/fast-check';
import { startTestServer, type TestServer } from '../support/server';

const strict = new TextDecoder('utf-8', { fatal: true });
const decodes = (bytes: Uint8Array) => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('invalidUtf8At', () => {
  it.each([
    ['a stray byte', [0x5b, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0x22], 6],
    ['a continuation byte alone', [0x61, 0x80], 1],
    ['an overlong NUL', [0x61, 0x62, 0xc0, 0x80], 2],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf], 0],
    ['a surrogate', [0x61, 0xed, 0xa0, 0x80], 1],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a character cut short by ASCII', [0x61, 0xe2, 0x82, 0x41], 1],
    ['a character cut short by the end', [0x61, 0x62, 0x63, 0xf0, 0x9f, 0x98], 3],
  ])('finds %s', (_what, bytes, at) => {
    expect(invalidUtf8At(Uint8Array.from(bytes))).toBe(at);
  });

  it('passes UTF-8 of every length, and a character the next chunk completes', () => {
    expect(invalidUtf8At(Buffer.from('plain, Zoë, 東京, 😀'))).toBe(-1);
    expect(invalidUtf8At(Uint8Array.from([0x61, 0xf0, 0x9f]), true)).toBe(-1);
    expect(describeByteAt(Uint8Array.from([0x61, 0xff]), 1, 1000)).toBe('byte 1,001 (0xFF)');
  });

  it("agrees with the platform's strict decoder, and everything before the offset decodes", () => {
    const bytes = fc.uint8Array({ maxLength: 40 }).chain((noise) =>
      fc.array(fc.oneof(fc.constant(noise), fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => new Uint8Array(Buffer.from(s)))), { maxLength: 6 }),
    );
    fc.assert(
      fc.property(bytes, (parts) => {
        const all = Buffer.concat(parts);
        const at = invalidUtf8At(all);
        expect(at === -1).toBe(decodes(all));
        if (at >= 0) {
          expect(decodes(all.subarray(0, at))).toBe(true);
          expect(decodes(all.subarray(0, Math.min(all.length, at + 4)))).toBe(false);
        }
      }),
      { numRuns: runsOf(2000) },
    );
  });
});

describe('a sample that is not UTF-8', () => {
  async function refusal(chunks: Uint8Array[]): Promise<string> {
    try {
      await importSample(Readable.from(chunks), 'JSON_SAMPLE');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).message;
    }
    throw new Error('the sample was accepted');
  }
  const sample = Buffer.concat([Buffer.from('[{"name": "Zoë 😀", "x": "ab'), Buffer.from([0xff]), Buffer.from('"}]')]);
  const bad = sample.indexOf(0xff);

  it('is refused at its byte, not "within bytes 0–54"', async () => {
    expect(await refusal([sample])).toMatch(new RegExp(`not valid UTF-8 at byte ${bad} \\(0xFF\\)`));
  });

  it('is refused at the same byte however the upload is cut, a character split across chunks included', async () => {
    for (let cut = 1; cut < sample.length; cut++) {
      expect([cut, await refusal([sample.subarray(0, cut), sample.subarray(cut)])]).toEqual([cut, expect.stringContaining(`at byte ${bad} (0xFF)`)]);
    }
    // A character started in one chunk and broken in the next: the byte that started it.
    const emoji = Buffer.from('[{"a": "😀'.slice(0, -2));
    const broken = Buffer.concat([emoji, Buffer.from([0xf0, 0x9f]), Buffer.from([0x41, 0x22, 0x7d, 0x5d])]);
    expect(await refusal([broken.subarray(0, emoji.length + 1), broken.subarray(emoji.length + 1)])).toContain(`at byte ${emoji.length} (0xF0)`);
    expect(await refusal([Buffer.from('[{"a": "x'), Buffer.from([0xe2, 0x82])])).toContain('it ends inside a character');
  });
});

describe('a JSON request body that is not UTF-8', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('is refused with 400 at its byte, never stored as replacement characters', async () => {
    const body = Buffer.concat([Buffer.from('{"query":"mutation($i: SignUpInput!) { signUp(input: $i) { user { name } } }","variables":{"i":{"email":"u@example.test","password":"long enough password","name":"Zo'), Buffer.from([0xeb]), Buffer.from('"}}}')]);
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', path: 'body' }, message: `The request body is not valid UTF-8 at byte ${body.indexOf(0xeb)} (0xEB).` });
    expect(await server.db.query(`SELECT 1 FROM users WHERE email = 'u@example.test'`)).toEqual([]);
  });
});
