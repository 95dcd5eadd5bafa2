import { parseArgs } from 'node:util';
import type { Config } from '../app/config.js';
import { AccountService } from '../domain/accounts/account-service.js';
import { systemClock } from '../core/clock.js';
import { kyselyStore } from '../engines/db/kysely-store.js';
import { openDatabase } from '../engines/db/open-database.js';

/** Admin commands print one JSON object on stdout, so scripts can read them. */
export async function runAdmin(args: string[], config: Config): Promise<number> {
  const [group, action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      credits: { type: 'string' },
      'api-id': { type: 'string' },
      amount: { type: 'string' },
      secret: { type: 'string' },
      clear: { type: 'boolean' },
    },
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const accounts = new AccountService(kyselyStore(db.db, db.dialect), systemClock);
  try {
    let out: unknown;
    if (group === 'accounts' && action === 'create') {
      out = await accounts.create(values.name ?? 'account', number(values.credits ?? '0', '--credits'));
    } else if (group === 'credits' && action === 'grant') {
      out = await accounts.grantCredits(required(values['api-id'], '--api-id'), number(required(values.amount, '--amount'), '--amount'));
    } else if (group === 'keys' && action === 'rotate') {
      out = await accounts.rotate(required(values['api-id'], '--api-id'));
    } else if (group === 'webhooks' && action === 'secret') {
      // No --secret: a new random one. --clear: webhooks go out unsigned.
      out = await accounts.setWebhookSecret(required(values['api-id'], '--api-id'), values.clear ? null : values.secret);
    } else if (group === 'migrate') {
      out = { migrated: true, database: db.dialect };
    } else {
      console.error(
        'admin commands: accounts create --name NAME --credits N | credits grant --api-id ID --amount N | keys rotate --api-id ID | webhooks secret --api-id ID [--secret S | --clear] | migrate',
      );
      return 2;
    }
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await db.close();
  }
}

function required(v: string | undefined, flag: string): string {
  if (!v) throw new Error(`${flag} is required`);
  return v;
}

function number(v: string, flag: string): number {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${flag} must be a number`);
  return n;
}
