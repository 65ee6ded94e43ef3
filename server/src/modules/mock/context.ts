import type { MockData } from './mock-data';
import type { MockWrites } from './mock-writes';

/** What the mock's resolvers read: the rows, and the writes a caller may make (null: reads only). */
export interface MockContext {
  data: MockData;
  writes: MockWrites;
}
