/**
 * The GraphQL IDE (GraphiQL, as `@graphql-yoga/render-graphiql` bundles it:
 * no CDN) as a small page: the HTML is a few hundred bytes, and the 9 MB of
 * script, styles and editor workers are immutable assets at `/ide/…`,
 * compressed and cached by the browser (static-assets.ts). The package
 * renders them inline into one 9 MB page, which every GET sent whole.
 *
 * The page opens with the query of its `?query=` (the editor's "Open in the
 * IDE" links pass the query they show), keeps its tabs per endpoint (the main
 * API's apart from each mock's), and fits a phone (ide.css).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import { SESSION_COOKIE } from './authenticate';
import { AssetStore } from './static-assets';
import { appDirectives, contentSecurityPolicy } from './security-headers';

export const IDE_PREFIX = '/ide';
const store = new AssetStore(IDE_PREFIX);

interface IdeAssets {
  script: string;
  boot: string;
  styles: string[];
  favicon: string;
  workers: Record<string, string>;
}

let assets: IdeAssets | undefined;

/** The package's strings as assets, made on the first IDE request (its module alone is 9 MB to load). */
function ideAssets(): IdeAssets {
  if (assets) return assets;
  // Compressed while the browser reads the page that names them, rather than once it asks.
  setImmediate(() => void store.warm().catch(() => undefined));
  // The package exports only its render function; its strings sit beside it (by path: no subpath is exported).
  const bundle = require(path.join(path.dirname(require.resolve('@graphql-yoga/render-graphiql')), 'graphiql.js')) as Record<'js' | 'css' | 'favicon' | 'editorWorkerService' | 'jsonWorker' | 'graphqlWorker', string>;
  const own = (file: string) => fs.readFileSync(path.join(__dirname, 'ide', file), 'utf8');
  const favicon = /^data:image\/x-icon;base64,(.*)$/.exec(bundle.favicon);
  assets = {
    script: store.add('graphiql', bundle.js, '.js'),
    boot: store.add('boot', own('boot.js'), '.js'),
    styles: [store.add('graphiql', bundle.css, '.css'), store.add('seedbed-ide', own('ide.css'), '.css')],
    favicon: favicon ? store.add('favicon', Buffer.from(favicon[1], 'base64'), '.ico') : '',
    workers: {
      editorWorkerService: store.add('editor-worker', bundle.editorWorkerService, '.js'),
      json: store.add('json-worker', bundle.jsonWorker, '.js'),
      graphql: store.add('graphql-worker', bundle.graphqlWorker, '.js'),
    },
  };
  return assets;
}

/**
 * Loads and compresses the IDE a few seconds after a server starts (outside
 * tests, which start servers by the hundred and rarely open it), so its first
 * open waits for neither the 9 MB module nor brotli.
 */
export function warmIdeSoon(afterMs = 5000): void {
  setTimeout(() => ideAssets(), afterMs).unref();
}

/** Serves the IDE's assets (mounted at the root, before the web client). */
export const ideAssetRoutes: RequestHandler = (req, res, next) => (req.path.startsWith(`${IDE_PREFIX}/`) ? store.handler()(req, res, next) : next());

/**
 * Scripts, styles and workers come from this server only: no inline script
 * (the options travel as JSON data, which is never run). Monaco adds
 * `<style>` elements and style attributes as it renders, which cannot be
 * hashed ahead: styles alone get `'unsafe-inline'` (a style cannot run code);
 * its icon fonts and images are `data:` URLs inside its stylesheet.
 */
const policy = contentSecurityPolicy({
  ...appDirectives,
  'worker-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside `<script type="application/json">`: `<` escaped so no `</script>` can close it early. */
const jsonData = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

interface IdeOptions {
  title: string;
  subscriptions?: boolean;
  /** Without a session or an API key, answer a short 401 page instead of the IDE. */
  signedInOnly?: boolean;
}

function page(endpoint: string, storageKey: string, { title, subscriptions }: IdeOptions): string {
  const ide = ideAssets();
  const options = {
    endpoint,
    storageKey,
    workers: ide.workers,
    graphiql: { title, credentials: 'same-origin', ...(subscriptions ? { subscriptionsProtocol: 'WS' } : {}) },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${ide.favicon ? `<link rel="icon" href="${ide.favicon}">` : ''}
${ide.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
<script type="application/json" id="ide-options">${jsonData(options)}</script>
<script src="${ide.boot}" defer></script>
<script src="${ide.script}" defer></script>
</head>
<body id="body" class="no-focus-outline">
<noscript>The GraphQL IDE needs JavaScript.</noscript>
<div id="root"></div>
</body>
</html>
`;
}

const SIGN_IN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in to use this mock API</title></head>
<body><h1>Sign in to use this mock API</h1><p>A mock API answers members of its project: <a href="/login">log in</a>, then reload this page. Scripts send an API key (<code>Authorization: Bearer sbk_…</code>).</p></body></html>
`;

/** A browser's navigation: it prefers a page to JSON (`*\/*` alone, as curl sends, prefers JSON). */
const wantsPage = (req: Request) => req.method === 'GET' && req.accepts(['application/json', 'html']) === 'html';

/** A browser opening GET /graphql gets the IDE (with `?query=` too); API clients fall through to Apollo. */
export const graphiql: RequestHandler = graphiqlFor(() => '/graphql', { title: 'Seedbed GraphQL', subscriptions: true });

/** The IDE for another endpoint (the mock APIs'), named from the request; its tabs are kept per endpoint path. */
export function graphiqlFor(endpointOf: (req: Request) => string, options: IdeOptions): RequestHandler {
  return (req, res, next) => {
    if (!wantsPage(req)) return next();
    policy(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.setHeader('cache-control', 'no-cache');
      // No session cookie and no key: nothing the IDE could show, so a few hundred bytes say how to sign in.
      if (options.signedInOnly && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`) && !req.headers.authorization) {
        return void res.status(401).type('html').send(SIGN_IN_PAGE);
      }
      const endpoint = new URL(endpointOf(req), 'http://host');
      // The IDE's own parameters are the page's, not the endpoint's (the IDE reads ?query= from the page's address).
      for (const name of ['query', 'variables', 'operationName']) endpoint.searchParams.delete(name);
      res.type('html').send(page(`${endpoint.pathname}${endpoint.search}`, endpoint.pathname, options));
    });
  };
}
