/**
 * Key order is not part of a blueprint's meaning: JSON says objects are
 * unordered, PostgreSQL's JSONB reorders them, editors and scripts rewrite
 * them. Whatever the engine derives from an object (which weight comes first,
 * how a JSON cell is spelled) goes through these, so one document gives one
 * set of bytes however its keys were ordered.
 */

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Unicode code-point order (the order of UTF-8 bytes): the same on every
 * machine and locale, unlike `localeCompare`. Plain `<` compares UTF-16 units,
 * which puts U+E000–U+FFFF after astral characters; this does not.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = isSurrogate(x);
    if (xs !== isSurrogate(y)) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** An object's entries, sorted by key in code-point order. */
export function sortedEntries<T>(object: Record<string, T>): [string, T][] {
  return Object.entries(object).sort(([a], [b]) => compareCodePoints(a, b));
}

/**
 * A deep copy whose objects have their keys in code-point order (arrays keep
 * theirs: order is meaningful there). Object.fromEntries makes own properties,
 * so a `__proto__` key stays a key.
 */
export function canonicalValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonicalValue) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(sortedEntries(value as Record<string, unknown>).map(([k, v]) => [k, canonicalValue(v)])) as T;
}
