/**
 * A database target's URL holds a password, so it is stored sealed with
 * AES-256-GCM under the server's key: SEEDBED_SECRET_KEY (64 hex characters,
 * the same on every process sharing the database), or a key file made once
 * in the data directory.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadSecretKey(explicit: string | undefined, dataDir: string): Buffer {
  if (explicit) {
    if (!/^[0-9a-f]{64}$/i.test(explicit)) throw new Error('SEEDBED_SECRET_KEY must be 64 hexadecimal characters');
    return Buffer.from(explicit, 'hex');
  }
  const file = path.join(dataDir, 'secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'); // another process made it first
    }
  }
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
