import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { RequestHandler } from 'express';

// Rendered once: the page bundles GraphiQL itself, so it works with no CDN.
let page: string | undefined;

/** A browser opening GET /graphql gets the IDE; API clients (GET with ?query=) fall through to Apollo. */
export const graphiql: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' || req.query.query !== undefined || !req.accepts('html')) return next();
  page ??= renderGraphiQL({
    endpoint: '/graphql',
    subscriptionsProtocol: 'WS',
    title: 'Seedbed GraphQL',
    credentials: 'same-origin',
  } as Parameters<typeof renderGraphiQL>[0]);
  res.type('html').send(page);
};
