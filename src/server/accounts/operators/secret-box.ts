import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The operators' TOTP secrets at rest (decision 076): AES-256-GCM under a key kept outside the database
// (OPERATOR_KEY, or one derived from the session secret), stored as "v1:<iv>:<tag>:<ciphertext>" in
// base64url. Someone who reads the database (or a backup) without the key cannot make codes.

const VERSION = 'v1';
const BASE32 = /^[A-Z2-7]+=*$/;

/** The stored value cannot be opened with this key (another OPERATOR_KEY, or a damaged value). */
export class SecretKeyError extends Error {
  constructor() {
    super('the second factor cannot be read with this OPERATOR_KEY');
    this.name = 'SecretKeyError';
  }
}

/**
 * The key: OPERATOR_KEY (32 bytes in base64) when set; otherwise derived with HKDF-SHA256 from the session
 * secret, so the embedded defaults keep working. Throws for an OPERATOR_KEY that is not 32 bytes.
 */
export function operatorKey(env: Record<string, string | undefined>, sessionSecret: string): Buffer {
  const given = env.OPERATOR_KEY?.trim();
  if (given) {
    const key = Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('OPERATOR_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'tandem', 'operator-totp-secret-v1', 32));
}

/** A value as stored before encryption: the bare base32 secret. */
export const isPlainSecret = (stored: string) => BASE32.test(stored);

export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key');
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
    },
    /** The secret of a stored value: a sealed one (SecretKeyError when the key is not its key), or a bare one. */
    open(stored: string): string {
      if (isPlainSecret(stored)) return stored;
      const [version, iv, tag, body] = stored.split(':');
      if (version !== VERSION || !iv || !tag || !body) throw new SecretKeyError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretKeyError();
      }
    },
  };
}
