import { workspaceRoutes } from '../../api/routes/workspace.js';
import { workspaceOperations } from '../../api/schemas/responses/catalog.js';
import { defineGroup } from './group.js';

/** The account's balance (`GET /api/remaining_credits/`). */
export const workspace = defineGroup({
  name: 'Workspace',
  kinds: [],
  operations: workspaceOperations,
  build: (p) => ({ routes: (app) => workspaceRoutes(app, { accountRecords: p.store.accounts }) }),
});
