import type { MockData } from './mock-data';
import type { MockWrites } from './mock-writes';

/** Changes to one mock (blueprint, revision, seed), across server processes: what live subscriptions wait on. */
export interface MockEventsPort {
  publish(): void;
  subscribe(listener: () => void): () => void;
}

/** What the mock's resolvers read and write through. */
export interface MockContext {
  data: MockData;
  writes: MockWrites;
  /** Arguments a query gave that the mock could not bind (said in the answer's extensions, never silently). */
  warnings: Set<string>;
  events?: MockEventsPort;
  /** Starts over with the overlay as it is now: each answer of a live subscription. */
  refresh(): Promise<void>;
}
