import { aiScriptRoutes } from '../../api/routes/ai-scripts.js';
import { aiScriptOperations } from '../../api/schemas/responses/ai-scripts.js';
import { aiScriptToWire, aiScriptSummary } from '../../api/wire/ai-script.js';
import { aiScriptKind } from '../../domain/text/ai-script-kind.js';
import { AiScriptService } from '../../domain/text/ai-script-service.js';
import { copywriterBy } from '../../pipelines/text/llm-writer/authored-copywriter.js';
import { defineGroup } from './group.js';

/** AI Scripts: a product page → ad scripts, written in the request (born done: no job). */
export const aiScripts = defineGroup({
  name: 'AI Scripts',
  kinds: [{ kind: aiScriptKind, toWire: aiScriptToWire, summary: aiScriptSummary }],
  operations: aiScriptOperations,
  build: (p) => {
    const aiScripts = new AiScriptService(p.store, p.tasks, p.pageScraper, copywriterBy(p.writers.scriptAuthor), p.clock);
    return { services: { aiScripts }, routes: (app) => aiScriptRoutes(app, { aiScripts }) };
  },
});
