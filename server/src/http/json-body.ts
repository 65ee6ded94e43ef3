/**
 * Request bodies as JSON within the size limit, nested at most 64 levels,
 * and well-formed UTF-8: express.json parses 10,000 levels happily, but the
 * validators and JSON.stringify after it recurse and would overflow the
 * stack; and it reads bytes that are not UTF-8 as U+FFFD, which would store
 * a different text than was sent without a word. Such a body is refused with
 * the offset of its first bad byte.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { badInput } from '../errors';
import { jsonIssue } from '../json-input';
import { describeByteAt, invalidUtf8At } from '../modules/import/source-text';

/** Bodies that were not UTF-8, with where they broke; read by the next handler, which answers the refusal. */
const notUtf8 = new WeakMap<IncomingMessage, string>();

/** A UTF-8 body (the default, and JSON's) is checked byte for byte before body-parser decodes it. */
function checkUtf8(req: IncomingMessage, _res: unknown, body: Buffer): void {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return;
  if (isUtf8(body)) return;
  notUtf8.set(req, describeByteAt(body, Math.max(0, invalidUtf8At(body))));
}

const refuseBadBody: RequestHandler = (req, _res, next) => {
  const broken = notUtf8.get(req);
  if (broken) throw badInput('body', `The request body is not valid UTF-8 at ${broken}.`);
  const issue = jsonIssue(req.body, { depthOnly: true });
  if (issue) throw badInput(issue.path, `${issue.path || 'The request body'} ${issue.message}`);
  next();
};

export function jsonBody(limitBytes: number): RequestHandler[] {
  return [express.json({ limit: limitBytes, verify: checkUtf8 }), refuseBadBody];
}
