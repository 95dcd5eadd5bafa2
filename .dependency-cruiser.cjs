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

/**
 * The ONE known exception, to be removed by issue 12 point 3 ("routes receive the narrow
 * dependencies they use, not the container"): api/ still takes the `Container` TYPE from
 * app/container.ts. Only a type-only import of that one file is let through; any value import,
 * or any other file of app/, still fails `layer-api`.
 */
const CONTAINER_TYPE = '^src/app/container\\.ts$';
const layerApi = layerRules.find((rule) => rule.name === 'layer-api');
layerApi.to.pathNot = CONTAINER_TYPE;
const containerTypeOnly = {
  name: 'layer-api-container-type-only',
  comment: 'issue 12 point 3: api/ may use only the Container type until routes take narrow dependencies',
  severity: 'error',
  from: { path: '^src/api/' },
  to: { path: CONTAINER_TYPE, dependencyTypesNot: ['type-only'] },
};

module.exports = {
  forbidden: [
    ...layerRules,
    containerTypeOnly,
    {
      name: 'no-folder-cycles',
      comment: 'Two folders must not import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      // The api → app/container.ts type import above is the one cycle let through (issue 12 point 3),
      // so cycles through src/app itself are not looked at here; nothing but main/ and that type
      // import may reach app/ (the layer rules), so no other cycle can pass through it.
      from: { path: '^src/', pathNot: '^src/app$' },
      to: { circular: true, pathNot: '^src/app$' },
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
