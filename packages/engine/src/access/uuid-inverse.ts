import type { StreamKey } from '../random/hash';

// Module bindings, not `Math.*` globals: see random/hash.ts.
const { imul } = Math;

const GOLDEN = 0x9e3779b9;

/** Multiplicative inverse of an odd number modulo 2^32 (Newton: each step doubles the correct bits). */
function inverseOdd(a: number): number {
  let x = a;
  for (let i = 0; i < 5; i++) x = imul(x, 2 - imul(a, x));
  return x >>> 0;
}

const INV_1 = inverseOdd(0x21f0aaad);
const INV_2 = inverseOdd(0x735a2d97);

/** Undoes `x ^= x >>> shift` on 32 bits. */
function unshiftRight(x: number, shift: number): number {
  let result = x;
  for (let s = shift; s < 32; s += shift) result ^= x >>> s;
  return result >>> 0;
}

/** The inverse of `mix32` (random/hash.ts, lowbias32): every step of it is a bijection. */
export function unmix32(x: number): number {
  x = unshiftRight(x >>> 0, 15);
  x = imul(x, INV_2) >>> 0;
  x = unshiftRight(x, 15);
  x = imul(x, INV_1) >>> 0;
  return unshiftRight(x, 16);
}

/**
 * The row whose uuid cell starts with `firstWord` (its first 8 hex digits), for
 * rows below 2^32: the uuid's first word is the first draw of the cell's rng,
 * mix32(cellSeed + golden), and cellSeed is mix32(mix32(row ^ k0) ^ k1), so
 * the row comes back by undoing each step. The caller checks the whole uuid.
 */
export function uuidRowOf(firstWord: number, key: StreamKey): number {
  const seed = (unmix32(firstWord) - GOLDEN) >>> 0;
  return (unmix32(unmix32(seed) ^ key.k1) ^ key.k0) >>> 0;
}
