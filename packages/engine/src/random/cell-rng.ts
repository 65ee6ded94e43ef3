import { mix32 } from './hash';

const GOLDEN = 0x9e3779b9;
const INV_2_32 = 1 / 4294967296;
// Module bindings, not `Math.*` globals: see hash.ts.
const { floor } = Math;

/**
 * The random source handed to a generator for one cell: a Weyl counter from
 * the cell seed through an invertible mix. One instance is reused for every
 * cell of a run (reset, never reallocated) to keep the hot loop allocation-free.
 * The first draw is a bijection of the seed, hence distinct per row.
 */
export class CellRng {
  private state = 0;

  reset(seed: number): this {
    this.state = seed | 0;
    return this;
  }

  u32(): number {
    this.state = (this.state + GOLDEN) | 0;
    return mix32(this.state);
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  float(): number {
    return this.u32() * INV_2_32;
  }

  /** Uniform in [0, 1) with 53 bits (for faker, whose ranges can be wide). */
  float53(): number {
    return ((this.u32() >>> 5) * 67108864 + (this.u32() >>> 6)) / 9007199254740992;
  }

  /** Uniform integer in [0, n) for n ≤ 2^32. */
  below(n: number): number {
    return floor(this.u32() * INV_2_32 * n);
  }

  /** Uniform integer in [min, max], any safe range. */
  intBetween(min: number, max: number): number {
    const span = max - min + 1;
    return span <= 4294967296 ? min + this.below(span) : min + floor(this.float53() * span);
  }

  pick<T>(items: readonly T[]): T {
    return items[floor(this.u32() * INV_2_32 * items.length)];
  }

  chance(p: number): boolean {
    return this.u32() * INV_2_32 < p;
  }
}
