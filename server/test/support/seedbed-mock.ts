/** `seedbed mock FILE` as a user starts it: a child process, and its URL once it says where it listens. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

export async function startSeedbedMock(file: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'server/bin/seedbed.js'), 'mock', file, '--port', '0', ...args], { cwd: ROOT, env });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (b: Buffer) => {
      text += b.toString();
      const match = /at (http:\/\/\S+\/graphql)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`seedbed mock exited with ${code}: ${text}`)));
  });
  return { url, child };
}
