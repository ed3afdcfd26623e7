import 'server-only';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { getConfig } from '../config';
import { ServiceError } from '../errors';
import { runCommand } from '../run-command';
import { createLearningService, REVOKE_REASON_MAX } from './learning-service';

// Support's certificate commands (decision 067), through the learning service: a revocation sets the
// certificate's status-list bit and purges its page in every server process at once.
const USAGE = `usage: npm run certificates -- list [--revoked] [--limit N]
       npm run certificates -- revoke <id | slug> --reason "why"   (the reason is shown on the certificate's page)`;

/** Exit codes: 0 done, 2 a usage or input error, 3 no such certificate, 4 already revoked. */
export const EXIT = { ok: 0, usage: 2, notFound: 3, alreadyRevoked: 4 } as const;

type Parsed = { command: 'list'; revoked: boolean; limit: number } | { command: 'revoke'; ref: string; reason: string };

/** Reads the arguments, or says what is wrong with them. */
export function parseCertificateArgs(args: string[]): Parsed | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' }, revoked: { type: 'boolean' }, limit: { type: 'string' } },
    });
  } catch (e) {
    return { error: (e as Error).message };
  }
  const { positionals, values } = parsed;
  const [command, ref, ...rest] = positionals;
  if (command === 'list') {
    if (ref !== undefined || values.reason !== undefined) return { error: 'list takes only --revoked and --limit' };
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) return { error: '--limit must be a whole number from 1 to 10000' };
    return { command: 'list', revoked: values.revoked ?? false, limit };
  }
  if (command === 'revoke') {
    if (!ref || rest.length) return { error: 'revoke takes one certificate: its id or its slug' };
    if (values.revoked !== undefined || values.limit !== undefined) return { error: 'revoke takes only --reason' };
    const reason = values.reason?.trim() ?? '';
    if (!reason) return { error: 'revoke needs --reason "why" (shown on the certificate page)' };
    if (reason.length > REVOKE_REASON_MAX) return { error: `the reason is longer than ${REVOKE_REASON_MAX} characters` };
    return { command: 'revoke', ref, reason };
  }
  return { error: command ? `unknown command: ${command}` : 'no command' };
}

/** `npm run certificates`: list certificates, or revoke one, in DATABASE_URL (or the embedded SQLite file). */
export async function main(
  args: string[],
  env: { databaseUrl?: string; log?: (line: string) => void; error?: (line: string) => void } = {},
): Promise<number> {
  const log = env.log ?? console.log;
  const error = env.error ?? console.error;
  const parsed = parseCertificateArgs(args);
  if ('error' in parsed) {
    error(`certificates: ${parsed.error}\n${USAGE}`);
    return EXIT.usage;
  }
  const database = openDatabase(env.databaseUrl ?? process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    const learning = createLearningService(database, { retakeDays: getConfig().INTERVIEW_RETAKE_DAYS });
    if (parsed.command === 'list') {
      const rows = await learning.latestCertificates(parsed.limit, parsed.revoked);
      if (!rows.length) log(parsed.revoked ? 'No revoked certificates.' : 'No certificates.');
      for (const r of rows) {
        const state = r.revokedAt ? `revoked ${r.revokedAt.toISOString()} (${r.revokeReason ?? 'no reason'})` : 'issued';
        log(`${r.id}\t${r.slug}\t${r.holderName}\t${r.issuedAt.toISOString().slice(0, 10)}\tindex ${r.statusIndex ?? '-'}\t${state}`);
      }
      return EXIT.ok;
    }
    try {
      const done = await learning.revoke(parsed.ref, parsed.reason);
      log(`${done.slug}: revoked at ${done.revokedAt.toISOString()}; its page answers 410 and the status list sets its bit.`);
      return EXIT.ok;
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      if (e.code === 'not-found') {
        error(`certificates: no certificate with id or slug "${parsed.ref}"`);
        return EXIT.notFound;
      }
      if (e.code === 'conflict') {
        error(`certificates: "${parsed.ref}" is already revoked`);
        return EXIT.alreadyRevoked;
      }
      error(`certificates: ${e.code}`);
      return EXIT.usage;
    }
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runCommand({ main: (args) => main(args) });
