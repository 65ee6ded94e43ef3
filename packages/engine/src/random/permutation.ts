import { mix32, type StreamKey } from './hash';

// Module bindings, not `Math.*` globals: see random/hash.ts.
const { floor } = Math;

const MAX_BITS = 52;

/**
 * A keyed bijection of [0, size): a balanced Feistel network over the
 * smallest even bit width covering `size`, cycle-walking back into range
 * (fewer than 4 steps on average). `unique` fields over an enumerable value
 * space map row i to value permute(i): distinct by construction, computable
 * for any row alone, so uniqueness costs no memory and no coordination.
 */
export class KeyedPermutation {
  private readonly halfBits: number;
  private readonly halfMask: number;
  private readonly halfSize: number;
  private readonly roundKeys: number[];

  constructor(readonly size: number, key: StreamKey) {
    let bits = 2;
    while (bits < MAX_BITS && 2 ** bits < size) bits += 2;
    this.halfBits = bits / 2;
    this.halfSize = 2 ** this.halfBits;
    this.halfMask = this.halfSize - 1;
    this.roundKeys = [key.k0, key.k1, mix32(key.k0 ^ 0x5bd1e995), mix32(key.k1 ^ 0x1b873593)];
  }

  permute(index: number): number {
    let x = index;
    do x = this.encrypt(x);
    while (x >= this.size);
    return x;
  }

  private encrypt(x: number): number {
    let left = floor(x / this.halfSize);
    let right = x % this.halfSize;
    for (const k of this.roundKeys) {
      const next = (left ^ (mix32(right ^ k) & this.halfMask)) >>> 0;
      left = right;
      right = next;
    }
    return left * this.halfSize + right;
  }
}
