/**
 * A package-lock.json for a fresh project that installs the packed tarballs,
 * so `npm ci --offline` works from the npm cache alone: `npm ci` of this
 * repository caches every tarball by its integrity but no registry metadata,
 * and without a lock npm needs that metadata to resolve a version range.
 * The versions are the ones this repository's lock resolved, laid out as npm
 * would lay them out for the tarballs (the workspaces' own nested
 * dependencies under the installed package).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: Record<string, string>;
  [key: string]: unknown;
}

export interface Tarball {
  /** The package's name, e.g. `@seedbed/engine`. */
  name: string;
  /** The workspace folder it was packed from, relative to the repository, e.g. `packages/engine`. */
  workspace: string;
  /** The .tgz file's name in the project folder. */
  file: string;
}

const integrityOf = (file: string) => `sha512-${createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;

/** Writes package.json and package-lock.json into `dir`, which holds the tarballs; `extra` names further packages the repository has installed (e.g. `@types/node`). */
export function writeOfflineProject(root: string, dir: string, tarballs: Tarball[], extra: string[]): void {
  const repo = (JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const byName = new Map(tarballs.map((t) => [t.name, t]));
  const out: Record<string, LockEntry> = {};
  const rootDeps: Record<string, string> = {};

  /** Where the repository's lock has the package `name` that code at `from` (a lock key) resolves: Node's walk up the node_modules folders. */
  function repoLocation(from: string, name: string): string {
    for (let at = from; ; ) {
      const key = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
      if (repo[key]) return key;
      if (!at) throw new Error(`${name} (needed by ${from || 'the project'}) is not in package-lock.json`);
      const cut = at.lastIndexOf('/node_modules/');
      at = cut >= 0 ? at.slice(0, cut) : '';
    }
  }

  /** Adds `name` as needed from the repository's `from`, placed under the project's `into`. */
  function add(from: string, name: string, into: string): void {
    const tarball = byName.get(name);
    const target = `node_modules/${name}`;
    if (tarball) {
      if (out[target]) return;
      const manifest = JSON.parse(fs.readFileSync(path.join(root, tarball.workspace, 'package.json'), 'utf8')) as LockEntry & { name: string };
      out[target] = {
        version: manifest.version,
        resolved: `file:${tarball.file}`,
        integrity: integrityOf(path.join(dir, tarball.file)),
        ...(manifest.bin ? { bin: manifest.bin } : {}),
        dependencies: manifest.dependencies,
      };
      for (const dependency of Object.keys(manifest.dependencies ?? {})) add(tarball.workspace, dependency, target);
      return;
    }
    const source = repoLocation(from, name);
    // The repository's node_modules layout is kept; what sits under a workspace's own node_modules goes under its package here.
    const key = source.startsWith('node_modules/') ? source : `${into}/node_modules/${name}`;
    if (out[key]) return;
    const { dev, devOptional, optional, peer, ...entry } = repo[source];
    void dev, devOptional, optional, peer;
    out[key] = entry;
    // npm installs peers too, unless they are optional.
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((peer) => !entry.peerDependenciesMeta?.[peer]?.optional);
    for (const dependency of new Set([...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), ...peers])) {
      try {
        add(source, dependency, key);
      } catch (error) {
        if (!entry.optionalDependencies?.[dependency]) throw error;
      }
    }
  }

  for (const t of tarballs) rootDeps[t.name] = `file:${t.file}`;
  for (const name of extra) rootDeps[name] = repo[`node_modules/${name}`].version!;
  for (const name of Object.keys(rootDeps)) add('', name, '');
  const manifest = { name: 'seedbed-pack-check', version: '1.0.0', private: true, dependencies: rootDeps };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const lock = { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: { '': { name: manifest.name, version: manifest.version, dependencies: rootDeps }, ...out } };
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
}
