import type { ChildProcess } from 'node:child_process';

/** A GraphQL client for benchmarks: keeps the session cookie the server sets, throws on any error. */
export function benchClient(base: string) {
  let cookie = '';
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    });
    cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? cookie;
    const body = await response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  return { gql, cookie: () => cookie };
}

/**
 * The port a server process (`main.ts`, LOG_LEVEL=info) listens on, once it
 * logs that it is ready; error lines it logs meanwhile are shown.
 */
export async function portWhenReady(child: ChildProcess): Promise<number> {
  return (await serverWhenReady(child)).port;
}

/**
 * The port, and the pid of the process that serves the API: `main.ts` is a
 * supervisor whose API runs in a child process (it logs "API process
 * started" with its pid); in a checkout from before the supervisor, the
 * process itself.
 */
export function serverWhenReady(child: ChildProcess): Promise<{ port: number; apiPid: number }> {
  return new Promise((resolve, reject) => {
    let output = '';
    let apiPid = child.pid!;
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      for (const started of output.matchAll(/"pid":(\d+),"msg":"API process started"/g)) apiPid = Number(started[1]);
      const ready = /"port":(\d+)[^\n]*Seedbed is ready/.exec(output);
      if (ready) resolve({ port: Number(ready[1]), apiPid });
      const error = /^.*"level":[56]0.*$/m.exec(output);
      if (error) console.error(error[0]);
      output = output.slice(output.lastIndexOf('\n') + 1);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
}
