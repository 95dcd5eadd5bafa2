import { loadConfig } from '../app/config.js';
import { runAdmin } from './admin.js';
import { runRoles } from './roles.js';

const USAGE = `usage: clipwright <serve|api|worker|admin> …
  serve    HTTP API and workers in one process (what npm start runs)
  api      HTTP API only
  worker   job consumers only
  admin    accounts create --name NAME --credits N | credits grant --api-id ID --amount N | keys rotate --api-id ID
           | webhooks secret --api-id ID [--secret S | --clear] | migrate`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'serve' || command === 'api' || command === 'worker') {
    await runRoles(command, loadConfig());
    return;
  }
  if (command === 'admin') {
    process.exitCode = await runAdmin(rest, loadConfig({ ...process.env, CREATE_DEFAULT_ACCOUNT: '0' }));
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
