/**
 * Admits work whose size a caller controls (previews, imports) a few at a
 * time, fairly between callers: each caller (every subject it is counted
 * under: its key, its project, its user) runs at most `perSubject` at once,
 * the whole process at most `slots`; a caller's excess waits in line, up to
 * `inFlightPerSubject` admitted and waiting together, and is refused with
 * RATE_LIMITED beyond that. A free
 * slot goes to the waiting caller served longest ago, so one caller's queue
 * never holds up another's first request. Counted in this process: the work
 * it admits runs in this process's threads.
 */
import { rateLimited } from '../../errors';

export interface FairGateOptions {
  /** Work running at once in the process (a function: a pool's threads may grow). */
  slots: () => number;
  /** Work running at once per subject. */
  perSubject: number;
  /** Work running and waiting together per subject; more is refused. */
  inFlightPerSubject: number;
  /** The refusal's message. */
  refusal: string;
}

interface Waiter {
  subjects: string[];
  admit(): void;
}

/** Releases the slot taken; calling it again does nothing. */
export type Release = () => void;

export class FairGate {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waitingBy = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  /** When each subject was last admitted: the next slot goes to whoever waited longest since. */
  private readonly servedAt = new Map<string, number>();
  private turn = 0;

  constructor(private readonly options: FairGateOptions) {}

  /**
   * Waits for a slot for a caller counted under `subjects` (the first one
   * names the caller for fairness). Rejects with RATE_LIMITED when the
   * caller already has its share waiting, and with `signal`'s reason when
   * the caller goes away first.
   */
  enter(subjects: string[], signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.next(); // slots may have grown since the last release
    // Free slots always go to waiters that fit (see `next`): a caller that fits a free slot now is admitted now.
    if (this.running < this.options.slots() && this.fits(subjects)) return Promise.resolve(this.admit(subjects));
    if (subjects.some((s) => (this.runningBy.get(s) ?? 0) + (this.waitingBy.get(s) ?? 0) >= this.options.inFlightPerSubject)) {
      const refusal = rateLimited(this.options.refusal, 1);
      // Refusals come by the hundred under attack (15 aliases × 50 requests) and their stack says nothing:
      // set it plainly, so nothing formats one per refusal (~1 ms each where source maps are on).
      refusal.stack = `${refusal.name}: ${refusal.message}`;
      return Promise.reject(refusal);
    }
    return new Promise<Release>((resolve, reject) => {
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        this.count(this.waitingBy, subjects, -1);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        subjects,
        admit: () => {
          signal?.removeEventListener('abort', leave);
          resolve(this.admit(subjects));
        },
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
      this.count(this.waitingBy, subjects, 1);
    });
  }

  /** Work admitted and not yet released, and work waiting (for metrics and tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private fits(subjects: string[]): boolean {
    return subjects.every((s) => (this.runningBy.get(s) ?? 0) < this.options.perSubject);
  }

  private admit(subjects: string[]): Release {
    this.running++;
    this.count(this.runningBy, subjects, 1);
    this.servedAt.set(subjects[0], ++this.turn);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.count(this.runningBy, subjects, -1);
      this.next();
    };
  }

  /** Admits waiters while slots are free: each time the one whose caller was served longest ago. */
  private next(): void {
    while (this.running < this.options.slots()) {
      let best = -1;
      for (let i = 0; i < this.waiting.length; i++) {
        const candidate = this.waiting[i];
        if (!this.fits(candidate.subjects)) continue;
        if (best < 0 || (this.servedAt.get(candidate.subjects[0]) ?? 0) < (this.servedAt.get(this.waiting[best].subjects[0]) ?? 0)) best = i;
      }
      if (best < 0) return;
      const [waiter] = this.waiting.splice(best, 1);
      this.count(this.waitingBy, waiter.subjects, -1);
      waiter.admit();
    }
    // Callers not waiting have no claim on fairness any more: forget them, so the map stays small.
    if (!this.waiting.length && !this.running) this.servedAt.clear();
  }

  private count(map: Map<string, number>, subjects: string[], delta: number): void {
    for (const subject of subjects) {
      const n = (map.get(subject) ?? 0) + delta;
      if (n > 0) map.set(subject, n);
      else map.delete(subject);
    }
  }
}
