/** The LISTEN connection shared by run and access events: it hears NOTIFY, and listens again after its connection is killed. */
import pino from 'pino';
import { listen } from '../../src/db/listen';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

it('hears notices on each channel, and again after PostgreSQL drops its connection', async () => {
  const heard: string[] = [];
  let resumed = 0;
  const notified = (want: number) => new Promise<void>((resolve) => {
    const check = setInterval(() => heard.length >= want && (clearInterval(check), resolve()), 20);
  });
  const listening = await listen({
    url: database.url,
    channels: ['test_one', 'test_two'],
    onNotice: (channel, payload) => heard.push(`${channel}:${payload}`),
    onResumed: () => resumed++,
    meanwhile: 'nothing',
    log: pino({ level: 'silent' }),
  });
  try {
    await sqlOn(database.url, `SELECT pg_notify('test_one', 'a'), pg_notify('test_two', '')`);
    await notified(2);
    expect(heard).toEqual(['test_one:a', 'test_two:']);

    await sqlOn(database.url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'seedbed test_one,test_two'`);
    // Notify until the new connection hears one: those sent before it listens are lost, as the module says.
    while (heard.length < 3) {
      await sqlOn(database.url, `SELECT pg_notify('test_one', 'b')`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(heard[2]).toBe('test_one:b');
    expect(resumed).toBe(1);
  } finally {
    await listening.stop();
  }
});
