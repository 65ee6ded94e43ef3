/** FairGate: work a caller controls admitted a few at a time, fairly between callers (issue 23 rows 1 and 4). */
import { FairGate } from '../../src/modules/generation/fair-gate';

const gate = (slots = 1) => new FairGate({ slots: () => slots, perSubject: 1, inFlightPerSubject: 3, refusal: 'too many' });
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('FairGate', () => {
  it("gives a free slot to the caller served longest ago, not to the one whose queue is longest", async () => {
    const g = gate(1);
    const order: string[] = [];
    const take = (caller: string) => g.enter([`user:${caller}`]).then((release) => (order.push(caller), release));
    const first = await take('a');
    const queued = [take('a'), take('a'), take('b')];
    await settled();
    expect(g.load).toEqual({ running: 1, waiting: 3 });
    first();
    (await queued[2])(); // b goes before a's second, though it asked later
    (await queued[0])();
    (await queued[1])();
    expect(order).toEqual(['a', 'b', 'a', 'a']);
  });

  it('counts every subject of a caller: a key and a session of one user share its share', async () => {
    const g = new FairGate({ slots: () => 4, perSubject: 1, inFlightPerSubject: 2, refusal: 'too many' });
    const release = await g.enter(['project:p', 'user:u', 'key:1']);
    const waiting = g.enter(['user:u']);
    await expect(g.enter(['project:p', 'user:u', 'key:2'])).rejects.toMatchObject({ code: 'RATE_LIMITED', extensions: { retryAfter: 1 } });
    // Another user is not held back, though the same project is busy elsewhere.
    (await g.enter(['user:v']))();
    release();
    (await waiting)();
    expect(g.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a caller that went away out of the line, and rejects with its reason', async () => {
    const g = gate(1);
    const release = await g.enter(['user:a']);
    const leave = new AbortController();
    const waiting = g.enter(['user:b'], leave.signal);
    leave.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(g.load).toEqual({ running: 1, waiting: 0 });
    release();
    expect(g.load).toEqual({ running: 0, waiting: 0 });
  });
});
