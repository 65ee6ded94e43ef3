/**
 * The row compiler's inline code of digits templates (phone numbers) against
 * the interpreter (runProgram), draw for draw: a choice among templates of 3,
 * 14 and 20 digits (more than the draws made before the switch), as a whole
 * cell (it may draw what only some templates need) and nested before another
 * draw (it may not).
 */
import { CellRng } from '../../../packages/engine/src/random/cell-rng';
import { mix32 } from '../../../packages/engine/src/random/hash';
import { ByteSink } from '../../../packages/engine/src/formats/byte-sink';
import { encodeList, runProgram, Step, type WriterShape } from '../../../packages/engine/src/formats/cell-writers';
import { Source } from '../../../packages/engine/src/formats/row-code';
import { LOCALS } from '../../../packages/engine/src/formats/row-compiler';
import { shapeCode } from '../../../packages/engine/src/formats/row-shapes';

/** A template as locale patterns make it: '#' a digit 0–9, '!' a digit 2–9. */
function template(text: string): Step {
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  const slots = codes.map((c, i) => (c === 35 || c === 33 ? i : -1)).filter((i) => i >= 0);
  return Step.digits(Uint8Array.from(codes), slots, Uint8Array.from(slots, (i) => (codes[i] === 33 ? 50 : 48)), Uint8Array.from(slots, (i) => (codes[i] === 33 ? 8 : 10)));
}

const TEMPLATES = ['###', '(!##) ###-#### x####', '#'.repeat(20)].map((t) => [template(t)]);

/** The shape's inline code as a function of the cell's generator state. */
function compiled(shape: WriterShape): (state: number, sink: ByteSink) => void {
  const src = new Source({ next: 0 });
  const inline = shapeCode(src, shape, [])!;
  const env = { ...src.env, imul: Math.imul, floor: Math.floor, mix32, NO_BYTES: new Uint8Array(0), NO_INTS: new Int32Array(0), NO_VIEW: new DataView(new ArrayBuffer(0)) };
  const body = `"use strict"; const { ${Object.keys(env).join(', ')} } = env;
return function cell(state, sink) { sink.ensure(${inline.max + 8}); ${LOCALS} p = sink.pos; s = state; ${inline.code} sink.pos = p; };`;
  return new Function('env', body)(env);
}

function bytesOf(write: (sink: ByteSink) => void): string {
  const sink = new ByteSink(256);
  write(sink);
  return sink.bytes().toString('latin1');
}

describe('inline digits templates', () => {
  it('draw as the interpreter does when the choice is the whole cell', () => {
    const cell = compiled({ kind: 'text', options: TEMPLATES, quote: [false, true, false], draw: true });
    const rng = new CellRng();
    for (let state = 0; state < 3000; state++) {
      const expected = bytesOf((out) => {
        rng.reset(state);
        const k = rng.below(TEMPLATES.length);
        if (k === 1) out.putByte(34);
        runProgram(TEMPLATES[k], rng, out);
        if (k === 1) out.putByte(34);
      });
      expect(bytesOf((out) => cell(state, out))).toBe(expected);
    }
  });

  it('draw as the interpreter does when another draw follows the choice in the cell', () => {
    const program = [Step.choice(TEMPLATES), Step.literal('/'), Step.pick(encodeList(['a', 'bb', 'ccc', 'dddd']))];
    const cell = compiled({ kind: 'text', options: [program], quote: [false], draw: false });
    const rng = new CellRng();
    for (let state = 0; state < 3000; state++) {
      expect(bytesOf((out) => cell(state, out))).toBe(bytesOf((out) => runProgram(program, rng.reset(state), out)));
    }
  });
});
