import 'server-only';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { runCommand } from '../../run-command';
import { getConfig } from '../../config';
import { href } from '../../../routes';
import { createOperatorService, OperatorError } from './operator-service';

const USAGE = `usage: npm run operators -- add <email>      (an existing account becomes an operator)
       npm run operators -- remove <email>   (the role, its second factor and its operator sessions go)
       npm run operators -- list`;

/** `npm run operators`: grant, withdraw and list the operator role in DATABASE_URL (decision 070). */
export async function main(args: string[]): Promise<number> {
  const [command, email = '', extra] = args;
  if (!command || !['add', 'remove', 'list'].includes(command) || (command !== 'list' && !email) || extra !== undefined) {
    console.error(USAGE);
    return 2;
  }
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    const operators = createOperatorService(database);
    if (command === 'list') {
      const rows = await operators.list();
      if (!rows.length) console.log('no operators');
      for (const r of rows)
        console.log(
          `${r.email}\t${r.account_type}\t${r.totp_enrolled_at ? `second factor since ${r.totp_enrolled_at.toISOString()}` : 'second factor not enrolled'}`,
        );
    } else if (command === 'add') {
      const op = await operators.add(email);
      const site = getConfig().SITE_URL.replace(/\/$/, '');
      console.log(`${op.email} is now an operator.`);
      console.log(`To enrol the second factor, they sign in at ${site}${href('login', 'es')} with their password;`);
      console.log(`the sign-in then opens ${site}${href('operatorVerify', 'es')}, which shows the authenticator secret`);
      console.log('(QR code, otpauth:// link and text) and asks a code to confirm it, then shows 10 recovery codes once.');
    } else {
      const op = await operators.remove(email);
      console.log(`${op.email} is no longer an operator.`);
    }
    return 0;
  } catch (e) {
    if (e instanceof OperatorError) {
      console.error(`operators: ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runCommand({ main });
