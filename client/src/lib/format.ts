const countFormat = new Intl.NumberFormat('en-US');

/** A row count for people: 1,234,567. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A file size in binary multiples with one decimal above a kilobyte: 532 bytes, 12.4 KB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${value === 1 ? 'byte' : 'bytes'}` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Text split at markdown backticks: `a \`b\` c` → a, code b, c. An unpaired backtick stays text. */
export function codeSpans(text: string): { text: string; code: boolean }[] {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return [{ text, code: false }];
  return parts.map((part, i) => ({ text: part, code: i % 2 === 1 })).filter((part) => part.text !== '');
}

/** An option id as a label: `multipleOf` → "Multiple of", `fraction_digits` → "Fraction digits". */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  if (words.length === 0 || words[0] === '') return name;
  words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
  return words.join(' ');
}

/** Bare whole numbers of five digits or more in a message get thousands separators ("9750155922 rows" → "9,750,155,922 rows"). */
export function formatNumbersInText(text: string): string {
  return text.replace(/(?<![\w.,:/-])\d{5,}(?![\w,:/-]|\.\d)/g, (digits) => (Number.isSafeInteger(Number(digits)) ? formatCount(Number(digits)) : digits));
}

/** How many decimals a step such as `precision: 0.01` means (2); undefined when it is not a positive decimal step. */
export function decimalsOfStep(step: unknown): number | undefined {
  if (typeof step !== 'number' || !(step > 0) || step >= 1) return step === 1 ? 0 : undefined;
  const digits = Math.round(-Math.log10(step));
  return Math.abs(10 ** -digits - step) < 1e-12 ? digits : Math.min(10, String(step).split('.')[1]?.length ?? 0);
}
