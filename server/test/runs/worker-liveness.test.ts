/** A shard holder of this machine is known alive or gone from /proc, at once; one of another machine is left to the heartbeat timeout. */
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { localWorkerAlive, workerName } from '../../src/modules/run/worker-liveness';

it('tells a running worker of this machine from a killed one, from one that took its pid later, and from another machine', async () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const name = `${hostname()}:${child.pid}`;
  const now = new Date(Date.now() + 2000);
  expect(localWorkerAlive(name, now)).toBe(true);
  expect(localWorkerAlive(workerName(), now)).toBe(true);
  // A heartbeat older than the process: whoever sent it, it was not this process.
  expect(localWorkerAlive(name, new Date(Date.now() - 3_600_000))).toBe(false);
  expect(localWorkerAlive(`another-machine:${child.pid}`, now)).toBeNull();
  expect(localWorkerAlive('someone-else', now)).toBeNull();
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(localWorkerAlive(name, now)).toBe(false);
});
