/**
 * Browser-facing protections on every response (helmet): a Content-Security-Policy
 * that lets a page load only what this server serves, no framing by any site
 * (clickjacking), `nosniff` so a JSON or CSV answer is never run as a script or
 * page, and no Referer leaking project URLs to other sites.
 */
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The web client is built files only (no inline script or style, no CDN, no
 * external fonts: PRODUCT.md §7), so `'self'` is all it needs; `data:` images
 * are its inline favicon. `connect-src 'self'` covers its fetches and the
 * same-origin WebSocket.
 */
export const appDirectives: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
};

/**
 * Every response gets these; a page with other needs (GraphiQL) replaces only
 * its Content-Security-Policy with `contentSecurityPolicy(...)` below.
 * HSTS is left to the TLS-terminating proxy (this server speaks plain HTTP), and
 * helmet's `upgrade-insecure-requests` is left out for the same reason: it would
 * break a server reached over http://localhost.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  }) as RequestHandler;
}

/** A Content-Security-Policy middleware of its own, for a page that overrides the app's. */
export function contentSecurityPolicy(directives: Directives): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives }) as RequestHandler;
}

/** The CSP source allowing exactly this inline `<script>` or `<style>` body, and no other. */
export function cspHash(inlineText: string): string {
  return `'sha256-${createHash('sha256').update(inlineText, 'utf8').digest('base64')}'`;
}
