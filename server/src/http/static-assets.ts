/**
 * Immutable assets (the web client's hashed bundles, the GraphQL IDE's
 * scripts, styles and workers) served from memory: named by their content,
 * cached by browsers for a year without asking again, and sent brotli- or
 * gzip-compressed when the browser takes it, each compressed form made once
 * (off the event loop, in zlib's threads) and kept. A page then weighs its
 * HTML (a few KB) plus, on a first visit only, its compressed assets.
 *
 * Hand-written rather than `express.static` + `compression`: those compress
 * every response again (9 MB of IDE script per first visit), and the IDE's
 * assets come from a package's strings, not from files on disk.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli quality 5: 5.3 MB of IDE script in ~0.3 s to 1.29 MB (quality 11 takes 21 s for 1.12 MB). */
const BROTLI_QUALITY = 5;
/** Smaller bodies are not worth a compressed copy. */
const MIN_COMPRESS_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

type Encoding = 'br' | 'gzip' | 'identity';

interface Asset {
  body: Buffer;
  type: string;
  hash: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

const contentHash = (body: Buffer) => createHash('sha256').update(body).digest('base64url').slice(0, 16);

function encode(asset: Asset, encoding: Encoding): Promise<Buffer> {
  let pending = asset.encoded.get(encoding);
  if (!pending) {
    pending =
      encoding === 'br'
        ? brotli(asset.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: asset.body.length } })
        : encoding === 'gzip'
          ? gzip(asset.body, { level: 9 })
          : Promise.resolve(asset.body);
    asset.encoded.set(encoding, pending);
  }
  return pending;
}

function encodingFor(req: Request, asset: Asset): Encoding {
  if (asset.body.length < MIN_COMPRESS_BYTES) return 'identity';
  // Ours first, whatever order the browser lists them in (Chromium sends "gzip, deflate, br, zstd"): brotli is the smaller.
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
}

async function send(req: Request, res: Response, asset: Asset): Promise<void> {
  const encoding = encodingFor(req, asset);
  const etag = `"${asset.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  res.setHeader('cache-control', IMMUTABLE);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('etag', etag);
  res.setHeader('content-type', asset.type);
  if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return void res.status(304).end();
  const body = await encode(asset, encoding);
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/** Assets made in memory (the IDE's), each at a URL named by its content. */
export class AssetStore {
  private readonly byPath = new Map<string, Asset>();

  constructor(private readonly prefix: string) {}

  /** Adds an asset; returns its URL path, such as `/ide/graphiql-3Jf0xkq2LxM1ZbQe.js`. */
  add(name: string, body: string | Buffer, extension: string): string {
    const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const hash = contentHash(buffer);
    const url = `${this.prefix}/${name}-${hash}${extension}`;
    this.byPath.set(url, { body: buffer, type: TYPES[extension] ?? 'application/octet-stream', hash, encoded: new Map() });
    return url;
  }

  /**
   * Makes the assets' brotli forms now, the largest first and one at a time
   * (zlib's few threads are shared with everything else), so the first
   * browser to ask waits less or not at all: brotli of the IDE's 5 MB script
   * takes ~0.3 s. Gzip, for older browsers, stays made on first request.
   */
  async warm(): Promise<void> {
    const assets = [...this.byPath.values()].filter((a) => a.body.length >= MIN_COMPRESS_BYTES).sort((a, b) => b.body.length - a.body.length);
    for (const asset of assets) await encode(asset, 'br');
  }

  handler(): RequestHandler {
    return (req, res, next) => {
      const asset = (req.method === 'GET' || req.method === 'HEAD') && this.byPath.get(req.path);
      if (!asset) return next();
      send(req, res, asset).catch(next);
    };
  }
}

/**
 * The files of a folder whose names carry their content hash (a Vite build's
 * `assets/`), served as immutable assets: read and compressed on first
 * request, then kept. A name not in the folder falls through.
 */
export function immutableFolder(folder: string): RequestHandler {
  const assets = new Map<string, Promise<Asset | undefined>>();
  const load = (name: string) =>
    readFile(path.join(folder, name)).then(
      (body): Asset => ({ body, type: TYPES[path.extname(name)] ?? 'application/octet-stream', hash: contentHash(body), encoded: new Map() }),
      () => undefined,
    );
  return (req, res, next) => {
    const name = req.path.slice(1);
    // One plain file name: no folders, no dot files, nothing that could leave the folder.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^[\w.-]+$/.test(name) || name.startsWith('.')) return next();
    let pending = assets.get(name);
    if (!pending) {
      pending = load(name);
      assets.set(name, pending);
      // A missing name is not remembered, so a scan of names cannot grow the map.
      void pending.then((asset) => asset || assets.delete(name));
    }
    pending.then((asset) => (asset ? send(req, res, asset) : next())).catch(next);
  };
}
