import { generateKeyPairSync } from 'node:crypto';
import { loadSigningKey } from '../server/learning/credentials';

// A certificate signing key for tests, made once per test file (never written to disk).
export const testSigningKey = loadSigningKey(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
