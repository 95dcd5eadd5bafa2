#!/usr/bin/env node
// Loads the TypeScript entry point in this same process (signals reach the service directly).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const NODE_MAJOR = 24; // package.json engines; scripts/setup.sh pins the build it installs
const pinnedNode = fileURLToPath(new URL('../.tools/node/bin/node', import.meta.url));

if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main/cli.ts');
} else if (existsSync(pinnedNode)) {
  // Started by an older node (`node bin/clipwright.mjs …` from a shell on a machine where
  // scripts/setup.sh installed the pinned Node into .tools/node): run on that one instead, where the
  // native addons were built. Node 20 has no exec(), so this process stays as a relay.
  const { spawn } = await import('node:child_process');
  const child = spawn(pinnedNode, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  const relay = (signal) => () => child.kill(signal);
  process.on('SIGTERM', relay('SIGTERM'));
  process.on('SIGHUP', relay('SIGHUP'));
  // Ctrl-C in a terminal already reaches the child (same process group); relaying it too would be
  // read as a second Ctrl-C, which exits at once instead of draining.
  process.on('SIGINT', process.stdin.isTTY ? () => {} : relay('SIGINT'));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
} else {
  console.error(`clipwright needs Node ${NODE_MAJOR} or newer; this is ${process.version}. Run \`bash scripts/setup.sh\`, which installs it into .tools/node.`);
  process.exit(1);
}
