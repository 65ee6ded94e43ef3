/**
 * Inline code of shaped cell writers (cell-writers.ts, WriterShape) for the
 * row compiler: each draws from `s` exactly as its writer draws from its
 * CellRng, and writes at b[p] at most `max` bytes (the compiler reserves
 * them first).
 */
import { BYTES, CHOICE, DAY_STRIDE, DIGITS, encodeList, PICK, type EmailShape, type EncodedList, type NameSource, type Step, type WriterShape } from './cell-writers';
import { asciiBytes, belowCode, copyCode, copyEntryCode, entryCode, intCode, literalCode, MAX_INT_BYTES, num, paddedView, u32Code, VIEW_PADDING, widest, type Source } from './row-code';

/** Steps a field's inlined text may have before it is called as it is instead (keeps functions small enough to optimize). */
const MAX_INLINE_STEPS = 600;

/** Integer ranges up to this many values are written as a list of their texts. */
const MAX_LISTED_INTS = 4096;

/** A field made as a value by a uniform pick (its entry index in `picks[field]`, -1 for NULL), and its values. */
export interface PickedField {
  values: readonly string[];
}

/** The most bytes text of these steps can write, and their number of steps (for the inlining limit). */
function measure(steps: readonly Step[]): { max: number; count: number } {
  let max = 0;
  let count = 0;
  for (const step of steps) {
    count++;
    if (step.kind === BYTES || step.kind === DIGITS) max += step.bytes.length;
    else if (step.kind === PICK) max += widest(step.starts);
    else {
      let most = 0;
      for (const option of step.options) {
        const m = measure(option);
        most = Math.max(most, m.max);
        count += m.count;
      }
      max += most;
    }
  }
  return { max, count };
}

/**
 * Code of a digits template as runProgram writes it: the template, then its
 * digits drawn as drawDigits draws them (one 30-bit draw per 9, in slot
 * order). Table-driven: `t` the template, `sl`/`lo`/`ma` its slots, lowest
 * digits and masks (15 for 0–9, 7 for 2–9: d & 15 is d), so that a choice
 * among many templates (phone formats) is one loop, not one copy per
 * template (the function stays small enough for V8 to compile quickly).
 * Nine digits per draw, as two loops: no test per digit.
 */
const digitsLoop = (t: string, sl: string, lo: string, ma: string) =>
  `q = p; ${copyCode(t, '0', `${t}.byteLength - ${num(VIEW_PADDING)}`)}
e = ${sl}.length; for (j = 0; j < e; ) { ${u32Code()} y = x >>> 2; g = j + 9 < e ? j + 9 : e; for (; j < g; j++) { d = y % 10; y = (y / 10) | 0; b[q + ${sl}[j]] = ${lo}[j] + (d & ${ma}[j]); } }`;

const masks = (step: Step) => Uint8Array.from(step.spans, (span) => (span === 10 ? 15 : 7));

/** Digits (summed over a choice's templates) up to which templates are written out one by one: constant slots, no tables, no loop. */
const MAX_UNROLLED_DIGITS = 256;

/** Draws of a digits template made into locals before its code (d0…d17): at most two. */
const HOISTED_DRAWS = 2;

/** Code drawing the digits d0…d{count − 1} (lowest first, nine a draw) as drawDigits draws them. */
function hoistedDigitsCode(count: number): string {
  return Array.from({ length: count }, (_, j) => `${j % 9 === 0 ? `${u32Code()} y = x >>> 2; ` : ''}d${j} = y % 10; y = (y / 10) | 0;`).join(' ');
}

/**
 * A digits template written out. Its digits j < `hoisted` are already in
 * the locals dj: each word of the template is then one store, its constant
 * bytes ORed with the digits it holds (a phone number is 4–6 stores). The
 * digits past them are drawn here and placed one by one.
 */
function unrolledDigitsCode(step: Step, hoisted: number): string {
  const template = paddedView(step.bytes);
  const wordCount = Math.ceil(step.bytes.length / 4);
  const constant = Array.from({ length: wordCount }, (_, i) => template.getUint32(4 * i, true));
  const parts: string[][] = constant.map(() => []);
  const late: string[] = [];
  step.slots.forEach((slot, j) => {
    const digit = (d: string) => `${num(step.lowest[j])} + ${step.spans[j] === 10 ? d : `(${d} & 7)`}`;
    if (j < hoisted) {
      const word = slot >> 2;
      const shift = 8 * (slot & 3);
      // Templates are ASCII: every byte below 128, so words stay positive int32s.
      constant[word] &= ~(0xff << shift);
      parts[word].push(`((${digit(`d${j}`)}) << ${num(shift)})`);
    } else {
      late.push(`${j % 9 === 0 ? `${u32Code()} y = x >>> 2; ` : ''}d = y % 10; y = (y / 10) | 0; b[p + ${num(slot)}] = ${digit('d')};`);
    }
  });
  const words = constant.map((c, i) => `dv.setUint32(p + ${num(4 * i)}, ${[num(c), ...parts[i]].join(' | ')}, true);`);
  return `${words.join(' ')}\n${late.join(' ')}\np += ${num(step.bytes.length)};`;
}

function digitsCode(src: Source, step: Step): string {
  if (step.slots.length > MAX_UNROLLED_DIGITS) return digitsLoop(src.bind(paddedView(step.bytes)), src.bind(step.slots), src.bind(step.lowest), src.bind(masks(step)));
  // A template draws all its digits first thing: those of its first draws are made before it is written.
  const hoisted = Math.min(step.slots.length, 9 * HOISTED_DRAWS);
  return `${hoistedDigitsCode(hoisted)}\n${unrolledDigitsCode(step, hoisted)}`;
}

/**
 * A choice among single digits templates: a switch over them written out,
 * or one loop over the chosen one's tables. Every template draws first
 * thing, so the draws all of them make are made once before the switch, and
 * their digits placed by each case; `last` (nothing follows in the cell, whose
 * generator is dropped after it) lets the switch make draws only some
 * templates need, which no later draw can notice.
 */
function digitsChoiceCode(src: Source, steps: readonly Step[], quote: readonly boolean[], last: boolean): string {
  if (steps.reduce((sum, step) => sum + step.slots.length, 0) <= MAX_UNROLLED_DIGITS) {
    const counts = steps.map((step) => step.slots.length);
    const draws = Math.min(HOISTED_DRAWS, Math.ceil((last ? Math.max(...counts) : Math.min(...counts)) / 9));
    // The digits every template places (the shortest's), and at least one of each hoisted draw; longer ones
    // take the rest of `y` in their case (phone formats of 10-15 digits: 10 made before the switch).
    const hoisted = Math.min(9 * draws, Math.max(9 * (draws - 1) + 1, Math.min(...counts)));
    const cases = steps.map((step, j) => `${j === steps.length - 1 ? 'default' : `case ${num(j)}`}: { ${quote[j] ? 'b[p++] = 34; ' : ''}${unrolledDigitsCode(step, hoisted)}${quote[j] ? ' b[p++] = 34;' : ''} break; }`);
    return `${belowCode(steps.length)} ${hoistedDigitsCode(hoisted)}\nswitch (k) {\n${cases.join('\n')}\n}`;
  }
  const [t, sl, lo, ma, qu] = [src.bind(steps.map((x) => paddedView(x.bytes))), src.bind(steps.map((x) => x.slots)), src.bind(steps.map((x) => x.lowest)), src.bind(steps.map(masks)), src.bind(Uint8Array.from(quote, Number))];
  const open = quote.some(Boolean) ? `if (${qu}[k] === 1) b[p++] = 34;` : '';
  const close = quote.some(Boolean) ? `if (${qu}[k] === 1) b[p++] = 34;` : '';
  return `${belowCode(steps.length)} tv = ${t}[k]; ts = ${sl}[k]; tl = ${lo}[k]; tp = ${ma}[k]; ${open}\n${digitsLoop('tv', 'ts', 'tl', 'tp')}\n${close}`;
}

/** Code writing `steps` as runProgram does, drawing the same numbers in the same order. */
function stepsCode(src: Source, steps: readonly Step[]): string {
  return steps
    .map((step) => {
      switch (step.kind) {
        case BYTES:
          return literalCode(src, step.bytes);
        case PICK:
          return entryCode(src, step.bytes, step.starts);
        case DIGITS:
          return digitsCode(src, step);
        case CHOICE:
          return choiceCode(src, step.options, step.options.map(() => false));
        default:
          throw new Error(`row compiler: unknown step ${step.kind}`);
      }
    })
    .join('\n');
}

/** `switch` over `rng.below(options.length)`, each option between quotes where `quote` says. */
function choiceCode(src: Source, options: readonly Step[][], quote: readonly boolean[], last = false): string {
  if (options.every((o) => o.length === 1 && o[0].kind === DIGITS)) return digitsChoiceCode(src, options.map((o) => o[0]), quote, last);
  const cases = options.map((option, j) => {
    const body = quoted(src, option, quote[j]);
    return `${j === options.length - 1 ? 'default' : `case ${num(j)}`}: { ${body} break; }`;
  });
  return `${belowCode(options.length)}\nswitch (k) {\n${cases.join('\n')}\n}`;
}

const quoted = (src: Source, steps: readonly Step[], quote: boolean) => (quote ? `b[p++] = 34; ${stepsCode(src, steps)} b[p++] = 34;` : stepsCode(src, steps));

/** A name's token into `bytes`[from, to) (locals): the field's value when it has one, else drawn; undefined when the field is not a picked one. */
function nameCode(src: Source, name: NameSource, tokensOf: EmailShape['tokensOf'], picked: readonly (PickedField | undefined)[], [bytes, from, to]: [string, string, string]): { code: string; max: number } | undefined {
  const drawnCount = name.drawn.starts.length - 1;
  const drawnStarts = src.bind(name.drawn.starts);
  // An empty list still draws (below(0) is 0, and its entry undefined: an empty token).
  const draw = drawnCount
    ? `${belowCode(drawnCount)} ${bytes} = ${src.bind(paddedView(name.drawn.bytes))}; ${from} = ${drawnStarts}[k]; ${to} = ${drawnStarts}[k + 1];`
    : `${u32Code()} ${from} = 0; ${to} = 0;`;
  if (name.field === undefined) return { code: draw, max: widest(name.drawn.starts) };
  const field = picked[name.field];
  if (!field) return undefined;
  const tokens: EncodedList = tokensOf(field.values);
  const starts = src.bind(tokens.starts);
  return {
    code: `k = picks[${num(name.field)}]; if (k >= 0) { ${bytes} = ${src.bind(paddedView(tokens.bytes))}; ${from} = ${starts}[k]; ${to} = ${starts}[k + 1]; } else { ${draw} }`,
    max: Math.max(widest(tokens.starts), widest(name.drawn.starts)),
  };
}

/** The texts of 0–999, as String() prints them (made on first use: importing the engine makes nothing). */
let smallInts: EncodedList | undefined;
const SMALL_INTS = () => (smallInts ??= encodeList(Array.from({ length: 1000 }, (_, k) => String(k))));

/** internet.email's writer (generators/internet.ts: putLocalPart, then `@` and the domain). */
function emailCode(src: Source, shape: EmailShape, picked: readonly (PickedField | undefined)[]): { code: string; max: number } | undefined {
  const first = nameCode(src, shape.first, shape.tokensOf, picked, ['fv', 'fa', 'fb']);
  const last = nameCode(src, shape.last, shape.tokensOf, picked, ['mv', 'la', 'lb']);
  if (!first || !last || shape.domains.starts.length < 2) return undefined;
  const copyLast = copyCode('mv', 'la', 'lb', last.max);
  // The numbers below 1,000 are copied as their text: printing one digit by digit divides doubles.
  const ints = SMALL_INTS();
  const number = (n: number) => `${belowCode(n)} ${copyEntryCode(src, ints.bytes, ints.starts)}`;
  const variant = shape.unique
    ? `if (la < lb) { b[p++] = 46; ${copyLast} } ${intCode('r + 1')}`
    : `${belowCode(4)}
if (k === 0) { if (la < lb) { b[p++] = 46; ${copyLast} } }
else if (k === 1) { if (la < lb) { b[p++] = 95; ${copyLast} } else { ${number(100)} } }
else if (k === 2) { b[p++] = 46; ${copyLast} ${number(100)} }
else { ${number(1000)} }`;
  const code = `${first.code}\n${last.code}\n${shape.quote ? 'b[p++] = 34;' : ''}
if (fa === fb) { ${literalCode(src, asciiBytes('user'))} } else { ${copyCode('fv', 'fa', 'fb', first.max)} }
${variant}
b[p++] = 64; ${entryCode(src, shape.domains.bytes, shape.domains.starts)}${shape.quote ? ' b[p++] = 34;' : ''}`;
  return { code, max: Math.max(first.max, 4) + 1 + last.max + MAX_INT_BYTES + 1 + widest(shape.domains.starts) + 2 };
}

/** A byte value's two hex digits as one little-endian 16-bit word (the first digit in its low byte). */
const HEX_PAIRS = Uint16Array.from({ length: 256 }, (_, v) => {
  const [hi, lo] = asciiBytes(v.toString(16).padStart(2, '0'));
  return hi | (lo << 8);
});

/** The hex digits of `word`'s low `digits` × 4 bits (8 or 4) at b[p], two at a time. */
function hexCode(hex: string, word: string, digits: 4 | 8): string {
  const bytes = digits === 8 ? [24, 16, 8, 0] : [8, 0];
  return bytes.map((shift) => `dv.setUint16(p, ${hex}[(${word} >>> ${shift}) & 255], true); p += 2;`).join(' ');
}

/** generators/string.ts's uuid: four draws as 8-4-4-4-12 hex digits. */
function uuidCode(src: Source, quote: boolean): { code: string; max: number } {
  const hex = src.bind(HEX_PAIRS);
  const code = [
    quote ? 'b[p++] = 34;' : '',
    `${u32Code()} ${hexCode(hex, 'x', 8)} b[p++] = 45;`,
    `${u32Code()} y = x | 0; ${hexCode(hex, 'y >>> 16', 4)} b[p++] = 45; ${hexCode(hex, `(${num(0x4000)} | (y & ${num(0x0fff)}))`, 4)} b[p++] = 45;`,
    `${u32Code()} y = x | 0; ${hexCode(hex, `(${num(0x8000)} | ((y >>> 16) & ${num(0x3fff)}))`, 4)} b[p++] = 45; ${hexCode(hex, `(y & ${num(0xffff)})`, 4)}`,
    `${u32Code()} ${hexCode(hex, 'x', 8)}`,
    quote ? 'b[p++] = 34;' : '',
  ].join('\n');
  return { code, max: 38 };
}

/** Two decimal digits per value below 100, at 2 × value. */
const DIGIT_PAIRS = new Uint8Array(Array.from({ length: 100 }, (_, v) => asciiBytes(String(v).padStart(2, '0'))).flat());

/**
 * Code writing day `first` + k as YYYY-MM-DD (years 1000–9999): generators/
 * helpers' civilDate on int32s (the day number is positive from year 0 on,
 * so truncating divisions are floors).
 */
function dayCode(src: Source, first: number, quote: boolean): string {
  const pairs = src.bind(DIGIT_PAIRS);
  const pair = (value: string, at: number) => `e = (${value}) << 1; b[p + ${num(at)}] = ${pairs}[e]; b[p + ${num(at + 1)}] = ${pairs}[e + 1];`;
  return `${quote ? 'b[p++] = 34;' : ''} x = k + ${num(first + 719468)}; g = (x / 146097) | 0; d = x - g * 146097;
y = ((d - ((d / 1460) | 0) + ((d / 36524) | 0) - ((d / 146096) | 0)) / 365) | 0; d = d - (365 * y + ((y / 4) | 0) - ((y / 100) | 0));
e = ((5 * d + 2) / 153) | 0; d = d - (((153 * e + 2) / 5) | 0) + 1; q = e < 10 ? e + 3 : e - 9; y = y + g * 400 + (q <= 2 ? 1 : 0);
g = (y / 100) | 0; ${pair('g', 0)} ${pair('y - g * 100', 2)} b[p + 4] = 45; ${pair('q', 5)} b[p + 7] = 45; ${pair('d', 8)} p += 10;${quote ? ' b[p++] = 34;' : ''}`;
}

/**
 * Ranges up to this many days (~137 years, 800 KB) are written from a table
 * of every day's text (dayTexts): copying 10 bytes measured ~25 ns a row
 * less than dayCode's arithmetic (people table: 325 → 299 ns a row).
 */
const MAX_TABLED_DAYS = 50_000;

/** Code copying day k's YYYY-MM-DD from the texts of the range's days (`WriterShape` 'day'). */
function tabledDayCode(src: Source, texts: Uint8Array, quote: boolean): string {
  // Each text's padding keeps a four-byte read inside: no padded copy needed.
  const view = src.bind(new DataView(texts.buffer, texts.byteOffset, texts.byteLength));
  return `${quote ? 'b[p++] = 34; ' : ''}j = k * ${num(DAY_STRIDE)}; dv.setUint32(p, ${view}.getUint32(j, true), true); dv.setUint32(p + 4, ${view}.getUint32(j + 4, true), true); dv.setUint16(p + 8, ${view}.getUint16(j + 8, true), true); p += 10;${quote ? ' b[p++] = 34;' : ''}`;
}

/** Inline code of a shaped writer (its draws from `s`) and the most bytes it writes; undefined when it is better called. */
export function shapeCode(src: Source, shape: WriterShape, picked: readonly (PickedField | undefined)[]): { code: string; max: number } | undefined {
  switch (shape.kind) {
    case 'pick': {
      const { bytes, starts } = shape.list;
      if (starts.length < 2) return undefined;
      return { code: entryCode(src, bytes, starts), max: widest(starts) };
    }
    case 'day':
      if (shape.days <= MAX_TABLED_DAYS) return { code: `${belowCode(shape.days)} ${tabledDayCode(src, shape.texts(), shape.quote)}`, max: 12 };
      return { code: `${belowCode(shape.days)} ${dayCode(src, shape.first, shape.quote)}`, max: 12 };
    case 'email':
      return emailCode(src, shape, picked);
    case 'int': {
      // A few thousand values are a list of their text (an age): copied, not printed digit by digit.
      if (shape.span >= 1 && shape.span <= MAX_LISTED_INTS) {
        const list = encodeList(Array.from({ length: shape.span }, (_, k) => String((shape.lo + k) * shape.step)));
        return { code: entryCode(src, list.bytes, list.starts), max: widest(list.starts) };
      }
      return { code: `${belowCode(shape.span)} ${intCode(`(${num(shape.lo)} + k) * ${num(shape.step)}`)}`, max: MAX_INT_BYTES };
    }
    case 'uuid':
      return uuidCode(src, shape.quote);
    case 'text': {
      let max = 0;
      let count = 0;
      shape.options.forEach((option, j) => {
        const m = measure(option);
        max = Math.max(max, m.max + (shape.quote[j] ? 2 : 0));
        count += m.count;
      });
      if (count > MAX_INLINE_STEPS || !shape.options.length) return undefined;
      // The shape is the whole cell: its choice is the last thing it draws.
      const code = shape.draw ? choiceCode(src, shape.options, shape.quote, true) : quoted(src, shape.options[0], shape.quote[0]);
      return { code, max };
    }
  }
}

/** Code writing entry `picks[field]` of a picked field's encoded list (the value it made), or NULL's bytes. */
export function pickedCellCode(src: Source, field: number, list: EncodedList, nullCode: string): string {
  return `k = picks[${num(field)}]; if (k < 0) { ${nullCode} } else { ${copyEntryCode(src, list.bytes, list.starts)} }`;
}
