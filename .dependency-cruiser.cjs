/**
 * The layer check (`npm run lint:layers`, part of `npm test`). The order is written once, in
 * docs/architecture.md ("Imports point one way"); this file enforces it. Each layer may import
 * the layers listed under it in `mayImport` (and itself); every other direction is forbidden.
 * Siblings (api and jobs; domain and media) do not import each other.
 */
const LAYERS = ['main', 'app', 'api', 'jobs', 'pipelines', 'domain', 'media', 'engines', 'core'];

/** Which layers each layer may import (besides its own files), as in docs/architecture.md. */
const mayImport = {
  main: ['app', 'api', 'jobs', 'domain', 'pipelines', 'media', 'engines', 'core'],
  app: ['api', 'jobs', 'domain', 'pipelines', 'media', 'engines', 'core'],
  api: ['domain', 'pipelines', 'media', 'engines', 'core'],
  jobs: ['domain', 'pipelines', 'media', 'engines', 'core'],
  pipelines: ['domain', 'media', 'engines', 'core'],
  domain: ['engines', 'core'],
  media: ['engines', 'core'],
  engines: ['core'],
  core: [],
};

const layerRules = LAYERS.map((layer) => {
  const forbidden = LAYERS.filter((other) => other !== layer && !mayImport[layer].includes(other));
  return {
    name: `layer-${layer}`,
    comment: forbidden.length
      ? `src/${layer}/ may import only ${mayImport[layer].map((l) => `src/${l}/`).join(', ') || 'nothing else in src/'} (docs/architecture.md)`
      : `src/${layer}/ may import every lower layer`,
    severity: 'error',
    from: { path: `^src/${layer}/` },
    to: { path: `^src/(${forbidden.join('|')})/` },
  };
}).filter((rule) => !rule.to.path.endsWith('()/'));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'app-composes-only',
      comment: 'src/app/ only reads config, builds objects and connects them (issue 12 point 3): no files, processes, streams or sockets of its own (config.ts keeps the signing-secret file), and of ffmpeg only the engine (real-engine.ts) and its types, never arguments or runs; behaviour goes beside the port it implements.',
      severity: 'error',
      from: { path: '^src/app/', pathNot: '^src/app/config\\.ts$' },
      to: { path: '^(node:)?(fs|fs/promises|child_process|stream|stream/promises|http|https|net)$|^src/engines/ffmpeg/', pathNot: '^src/engines/ffmpeg/(real-engine|types)\\.ts$' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Two folders must not import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment: 'No two modules import each other, directly or through others, inside a folder too: a cycle means one of them holds what both need, which belongs in one place (issue 26 point 4).',
      severity: 'error',
      from: { path: '^(src|packages)/' },
      to: { circular: true },
    },
    {
      name: 'client-stays-client',
      comment: 'packages/ (the SDK, the client commands of the CLI and the MCP server) talk to a service over HTTP only: they never import the service (src/), so `clipwright tts …` and `clipwright mcp` load no container, config or engine (issue 18, issue 25).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^src/' },
    },
    {
      name: 'outside-the-layers',
      comment: 'Every file of src/ lives in one of the layer folders.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${LAYERS.join('|')})/` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test|bench|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
