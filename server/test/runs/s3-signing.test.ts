/**
 * s3rver accepts any credentials, so request signing is tested here on its
 * own: the store's requests to a loopback HTTP server carry an AWS Signature
 * V4 made with the credentials of the usual AWS variables, checked by
 * computing the signature independently from what arrived.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config';
import type { RunsStore } from '../../src/modules/run/runs-store';
import { S3ArtifactStore } from '../../src/modules/run/s3-store';

interface Captured {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let endpoint: string;
const seen: Captured[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    res.writeHead(206, { 'content-type': 'text/csv', 'content-range': 'bytes 0-9/10', 'content-length': '10' }).end('id,name\n1\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The Signature V4 of a captured request, computed from its method, path, query and signed headers with `secret`. */
function signatureOf(request: Captured, secret: string): { accessKeyId: string; expected: string; actual: string } {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    String(request.headers.authorization),
  );
  if (!auth) throw new Error(`not a SigV4 Authorization header: ${request.headers.authorization}`);
  const [, accessKeyId, day, region, signedHeaders, actual] = auth;
  const [pathname, query = ''] = request.url.split('?');
  const canonicalQuery = query.split('&').filter(Boolean).sort().join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name]).trim()}\n`).join('');
  const canonical = [request.method, pathname, canonicalQuery, canonicalHeaders, signedHeaders, request.headers['x-amz-content-sha256']].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', request.headers['x-amz-date'], scope, hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return { accessKeyId, expected: hmac(key, toSign).toString('hex'), actual };
}

it('signs its requests with the credentials of the AWS variables, for the configured region', async () => {
  const config = loadConfig({
    SEEDBED_ARTIFACT_STORE: 's3://seedbed-files/runs', SEEDBED_S3_ENDPOINT: endpoint, SEEDBED_S3_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'AKIASEEDBEDTEST0001', AWS_SECRET_ACCESS_KEY: 'seedbed-secret-key/for+signing',
  });
  const store = new S3ArtifactStore(config.runs.s3!, {} as RunsStore);
  const body = await store.read({ runId: 'run-1', name: 'people.csv' }, { start: 0, end: 9 });
  let text = '';
  for await (const chunk of body) text += chunk;
  expect(text).toBe('id,name\n1\n');

  expect(seen).toHaveLength(1);
  const [request] = seen;
  expect(request.url.split('?')[0]).toBe('/seedbed-files/runs/run-1/people.csv');
  expect(request.headers.range).toBe('bytes=0-9');
  expect(request.headers.authorization).toContain('/eu-west-3/s3/aws4_request');
  const signature = signatureOf(request, 'seedbed-secret-key/for+signing');
  expect(signature.accessKeyId).toBe('AKIASEEDBEDTEST0001');
  expect(signature.actual).toBe(signature.expected);
  // The check can fail: another secret gives another signature.
  expect(signatureOf(request, 'some-other-secret').expected).not.toBe(signature.actual);
});
