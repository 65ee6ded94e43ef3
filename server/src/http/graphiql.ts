import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { Request, RequestHandler } from 'express';
import { appDirectives, contentSecurityPolicy, cspHash } from './security-headers';

interface GraphiQLPage {
  html: string;
  policy: RequestHandler;
}

// Rendered once per endpoint: the page bundles GraphiQL itself, so it works with no CDN.
const pages = new Map<string, GraphiQLPage>();
const MAX_PAGES = 16;

/** A browser opening GET /graphql gets the IDE; API clients (GET with ?query=) fall through to Apollo. */
export const graphiql: RequestHandler = graphiqlFor(() => '/graphql', { title: 'Seedbed GraphQL', subscriptions: true });

/** The IDE for another endpoint (the mock APIs'), named from the request. */
export function graphiqlFor(endpointOf: (req: Request) => string, options: { title: string; subscriptions?: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || req.query.query !== undefined || !req.accepts('html')) return next();
    const endpoint = endpointOf(req);
    let page = pages.get(endpoint);
    if (!page) {
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(endpoint, (page = renderPage(endpoint, options)));
    }
    const { html } = page;
    page.policy(req, res, (error?: unknown) => (error ? next(error) : void res.type('html').send(html)));
  };
}

function renderPage(endpoint: string, { title, subscriptions }: { title: string; subscriptions?: boolean }): GraphiQLPage {
  const html = renderGraphiQL({
    endpoint,
    ...(subscriptions ? { subscriptionsProtocol: 'WS' } : {}),
    title,
    credentials: 'same-origin',
  } as Parameters<typeof renderGraphiQL>[0]);
  return { html, policy: contentSecurityPolicy(graphiqlDirectives(html)) };
}

/**
 * The IDE arrives as one page with its whole bundle inline: its inline script
 * is allowed by its hash (so no other inline script can run, and no
 * `'unsafe-inline'` for scripts). Its editor (Monaco) starts its language
 * workers from blob: URLs, loads its icon fonts from data: URLs, and adds
 * `<style>` elements and style attributes as it renders, which cannot be
 * hashed ahead: styles alone get `'unsafe-inline'` (a style cannot run code).
 */
function graphiqlDirectives(html: string): Record<string, string[]> {
  const scripts = inlineBodies(html, 'script').map(cspHash);
  return {
    ...appDirectives,
    'script-src': ["'self'", ...scripts],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
  };
}

/** The text of each inline `<script>` element (those without a src). */
function inlineBodies(html: string, tag: 'script'): string[] {
  const bodies: string[] = [];
  const opening = new RegExp(`<${tag}(\\s[^>]*)?>`, 'gi');
  const closing = `</${tag}>`;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    const start = match.index + match[0].length;
    const end = html.indexOf(closing, start);
    if (end < 0) break;
    bodies.push(html.slice(start, end));
    opening.lastIndex = end + closing.length;
  }
  return bodies;
}
