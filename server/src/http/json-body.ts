/**
 * Request bodies as JSON within the size limit and nested at most 64 levels:
 * express.json parses 10,000 levels happily, but the validators and
 * JSON.stringify after it recurse and would overflow the stack.
 */
import express, { type RequestHandler } from 'express';
import { badInput } from '../errors';
import { jsonIssue } from '../json-input';

const refuseDeepBody: RequestHandler = (req, _res, next) => {
  const issue = jsonIssue(req.body, { depthOnly: true });
  if (issue) throw badInput(issue.path, `${issue.path || 'The request body'} ${issue.message}`);
  next();
};

export function jsonBody(limitBytes: number): RequestHandler[] {
  return [express.json({ limit: limitBytes }), refuseDeepBody];
}
