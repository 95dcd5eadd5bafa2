const USAGE = `usage: clipwright <serve|api|worker|admin> …   (the service)
       clipwright <tts|video|tasks|voices|avatars|credits> …   (a client of a running service)
       clipwright mcp   (a Model Context Protocol server on stdio for AI assistants; a client too)
  serve    HTTP API and workers in one process (what npm start runs)
  api      HTTP API only
  worker   job consumers only
  admin    accounts create --name NAME --credits N | credits grant --api-id ID --amount N | keys rotate --api-id ID
           | webhooks secret --api-id ID [--secret S | --clear] | migrate`;

const CLIENT_COMMANDS = new Set(['tts', 'video', 'tasks', 'voices', 'avatars', 'credits']);

// Every branch imports only what it runs: the client commands never load the service's
// container, config or engines, and the service roles never load the client.
async function main(argv: string[]): Promise<void> {
  const [command = '', ...rest] = argv;
  if (command === 'serve' || command === 'api' || command === 'worker') {
    const [{ loadConfig }, { runRoles }] = await Promise.all([import('../app/config.js'), import('./roles.js')]);
    await runRoles(command, loadConfig());
    return;
  }
  if (command === 'admin') {
    const [{ loadConfig }, { runAdmin }] = await Promise.all([import('../app/config.js'), import('./admin.js')]);
    process.exitCode = await runAdmin(rest, loadConfig({ ...process.env, CREATE_DEFAULT_ACCOUNT: '0' }));
    return;
  }
  if (CLIENT_COMMANDS.has(command)) {
    const { runClient } = await import('../../packages/cli/src/main.js');
    process.exitCode = await runClient(command, rest, { stdout: process.stdout, stderr: process.stderr, env: process.env });
    return;
  }
  if (command === 'mcp') {
    const { runMcpServer } = await import('../../packages/mcp/src/main.js');
    process.exitCode = await runMcpServer(process.env, process.stderr);
    return;
  }
  const { CLIENT_USAGE } = await import('../../packages/cli/src/main.js');
  console.error(`${USAGE}\n${CLIENT_USAGE}`);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
