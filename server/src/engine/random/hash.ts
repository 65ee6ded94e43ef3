/**
 * Counter-based keyed hashing: the randomness of a cell is a pure function of
 * a per-(pack, seed, table, field) key and the row index, so any cell can be
 * computed alone, in any order, on any worker. Tables and fields are named
 * here by their stable keys (document/stable-keys.ts), never by their names:
 * a rename, a reorder or a move changes no value. A document without keys
 * uses its names as keys, which is what this hashed before keys existed.
 *
 * Everything is 32-bit integer math (Math.imul), which V8 keeps in registers;
 * a cell seed costs a handful of multiplies. Each step is a bijection of its
 * input, so for a fixed key the cell seed is distinct for every row < 2^32.
 */

/**
 * Bump when any generator's output changes: it is part of every cell key.
 * 2: options are read in canonical key order (weighted objects, JSON values of
 * constant/list/weighted), so key order no longer changes the data.
 */
export const GENERATOR_PACK_VERSION = 2;

const TWO_POW_32 = 4294967296;
// Bound once: inside jest's vm contexts every global lookup (`Math`) goes
// through an interceptor and costs ~100× more; module bindings do not.
const { imul, floor } = Math;

/** "lowbias32" finalizer (C. Wellons): a strong, invertible 32-bit mix. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}

/** 32-bit hash of a string (FNV-1a over UTF-16 units, then mixed). */
export function hashString(s: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return mix32(h ^ s.length);
}

/** Two independent 32-bit words naming one stream of cells. */
export interface StreamKey {
  readonly k0: number;
  readonly k1: number;
}

/** Key for the cells of one (seed, table key, field key, purpose) — computed once per run, never per cell. */
export function streamKey(seed: number | string, ...parts: string[]): StreamKey {
  const text = `${GENERATOR_PACK_VERSION}\u0000${seed}\u0000${parts.join('\u0000')}`;
  return { k0: hashString(text, 0x2545f491), k1: hashString(text, 0x9e3779b9) };
}

/** Seed of the cell at `row` of a stream; bijective in `row` for rows < 2^32. */
export function cellSeed(key: StreamKey, row: number): number {
  let x = (row >>> 0) ^ key.k0;
  if (row >= TWO_POW_32) x ^= mix32(floor(row / TWO_POW_32) + key.k1);
  x = mix32(x);
  return mix32(x ^ key.k1);
}
