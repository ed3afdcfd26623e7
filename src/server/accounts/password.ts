import 'server-only';
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id, memory-hard, prebuilt binary (nothing to compile). 19 MiB and 8 passes cost ~55-65 ms here:
// inside the 50-150 ms sign-in budget, and 4 concurrent hashes stay under 80 MiB of native memory.
const OPTIONS = { memoryCost: 19_456, timeCost: 8, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Unknown account or no password (provider sign-in): spend the same time as a real check.
    dummy ??= hash(randomBytes(16).toString('hex'), OPTIONS);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A hash of a random string, made once, so a missing account costs one real verification.
let dummy: Promise<string> | undefined;
