import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (provider credentials entered in the admin UI) with AES-256-GCM: the database alone never
 * reveals a key, and a tampered row fails to decrypt instead of yielding a wrong key. Format:
 * `v1:<iv>.<tag>.<ciphertext>`, each base64url; the version prefix leaves room to rotate the scheme.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1:';

/**
 * `key` is GATEWAY_CREDENTIALS_KEY: 32 bytes as 64 hex characters or 43-44 base64 characters. Any other string (a
 * passphrase, as in demo mode) is stretched with SHA-256, which is fine for a long random value and the demo only.
 */
export function createSecretBox(key: string): SecretBox {
  const bytes = /^[0-9a-f]{64}$/i.test(key)
    ? Buffer.from(key, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(key)
      ? Buffer.from(key, 'base64')
      : createHash('sha256').update(key).digest();
  if (bytes.length !== 32) throw new Error('GATEWAY_CREDENTIALS_KEY must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', bytes, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}${[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('unknown secret format');
      const [iv, tag, data] = sealed
        .slice(VERSION.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', bytes, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}
