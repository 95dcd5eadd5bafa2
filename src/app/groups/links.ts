import { linkRoutes } from '../../api/routes/links.js';
import { linkOperations } from '../../api/schemas/responses/links.js';
import { defineGroup } from './group.js';

/** Product links and their facts; the service is the platform's, since URL to Video and Ad Clone read links too. */
export const links = defineGroup({
  name: 'Links',
  kinds: [],
  operations: linkOperations,
  build: (p) => ({ routes: (app) => linkRoutes(app, { links: p.links, publicBaseUrl: p.config.publicBaseUrl }) }),
});
