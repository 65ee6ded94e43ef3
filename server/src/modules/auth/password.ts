import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

export const MIN_PASSWORD_LENGTH = 12;

/**
 * argon2 runs in libuv's pool (4 threads) and costs ~100 ms of CPU each: four
 * at once on a 2-core machine starve the event loop that answers everyone
 * else. At most one fewer than the cores hash at a time; the rest queue.
 */
const HASHING_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so the count never dips and lets a newcomer jump the queue.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => argon2.hash(password, { type: argon2.argon2id }));
}

// Verified against when the email is unknown, so both failures take as long.
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword('decoy-password-for-timing');
    const decoyHash = await decoy;
    await withHashingSlot(() => argon2.verify(decoyHash, password));
    return false;
  }
  return withHashingSlot(() => argon2.verify(hash, password));
}
