/**
 * Where a seed client's rows live in a table's index space. A row is
 * addressed by (scope, table, ordinal): the ordinal-th row of that table made
 * in that scope (a test, by default). Rows must not depend on what other
 * scopes did (test order, which worker ran them) and rows of different scopes
 * must not share keys (workers writing into one database), so each scope
 * gets lanes of its own — blocks of LANE_ROWS indexes placed by a hash of
 * the scope's name in the upper half of the table's space, the lower half
 * left to the unnamed root scope (scripts, whose rows are then the first
 * rows `seedbed generate` writes) and to the database's own sequences.
 */
import { hashString } from '../random/hash';
import { badInput } from '../errors';

/** Rows of one lane: a scope's first 4,096 rows of a table are contiguous. */
export const LANE_ROWS = 4096;
/** Lanes one scope may take in a table (its rows beyond 4,096 go to further lanes, each placed by hash). */
export const MAX_SCOPE_LANES = 1024;

/** A 52-bit hash of text, from two independent 32-bit ones. */
function hash52(text: string): number {
  return (hashString(text, 0x5eedbed1) >>> 12) * 2 ** 32 + hashString(text, 0x2b7e1516);
}

/** Lanes a table of `capacity` rows holds for named scopes (0: too small; scopes then share its rows). */
export function laneCount(capacity: number): number {
  return capacity >= 4 * LANE_ROWS ? Math.floor((capacity - Math.floor(capacity / 2)) / LANE_ROWS) : 0;
}

/**
 * The index of row `ordinal` of `scope` in a table of `capacity` rows. The
 * root scope ('') counts from 0 through the lower half; a named scope's
 * ordinal k lies in lane j = ⌊k / LANE_ROWS⌋, whose place is a hash of
 * (seed, scope, j) — re-hashed while it would land on a lane the same scope
 * took for a smaller j, so a scope never meets itself.
 */
export class RowAddresses {
  private readonly lanes = new Map<string, number[]>();

  constructor(readonly table: string, readonly capacity: number, private readonly seed: number) {}

  indexOf(scope: string, ordinal: number): number {
    const lanes = laneCount(this.capacity);
    const half = lanes ? Math.floor(this.capacity / 2) : this.capacity;
    if (scope === '') {
      if (ordinal >= half) throw badInput(this.table, `the unnamed scope can make ${half.toLocaleString('en-US')} rows of ${this.table} (its keys' range allows no more)`);
      return ordinal;
    }
    if (!lanes) {
      // Too few keys for lanes (a lookup table): scopes share the rows, each starting at a place of its own.
      if (ordinal >= this.capacity) throw badInput(this.table, `${this.table} has room for ${this.capacity} rows only`);
      return (hash52(`${this.seed}\u0000${scope}`) + ordinal) % this.capacity;
    }
    const j = Math.floor(ordinal / LANE_ROWS);
    if (j >= Math.min(MAX_SCOPE_LANES, lanes)) {
      throw badInput(this.table, `a named scope makes at most ${(Math.min(MAX_SCOPE_LANES, lanes) * LANE_ROWS).toLocaleString('en-US')} rows of ${this.table}; make bulk data in the unnamed scope`);
    }
    return half + this.laneOf(scope, j, lanes) * LANE_ROWS + (ordinal % LANE_ROWS);
  }

  private laneOf(scope: string, j: number, lanes: number): number {
    let taken = this.lanes.get(scope);
    if (!taken) this.lanes.set(scope, (taken = []));
    while (taken.length <= j) {
      const k = taken.length;
      let lane = hash52(`${this.seed}\u0000${scope}\u0000${k}`) % lanes;
      for (let probe = 1; taken.includes(lane); probe++) lane = hash52(`${this.seed}\u0000${scope}\u0000${k}\u0000${probe}`) % lanes;
      taken.push(lane);
    }
    return taken[j];
  }
}
