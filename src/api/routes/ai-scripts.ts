import type { AiScriptService } from '../../domain/text/ai-script-service.js';
import { aiScriptBody } from '../schemas/ai-scripts.js';
import { aiScriptToWire } from '../wire/ai-script.js';
import { groupRoutes } from './group-routes.js';

export const aiScriptRoutes = groupRoutes(['AI Scripts'], aiScriptToWire, (routes, { aiScripts }: { aiScripts: AiScriptService }) => {
  routes.create('/api/ai_scripts/', 'Write several ad scripts for a product, answered done (1 credit)', aiScriptBody, (accountId, b) =>
    aiScripts.create(accountId, {
      url: b.url,
      linkId: b.link_id ?? b.link,
      title: b.title,
      description: b.description,
      language: b.language,
      targetAudience: b.target_audience,
      platform: b.platform ?? b.target_platform,
      videoLength: b.video_length,
      scriptStyles: b.script_styles,
      seed: b.seed,
    }),
  );
  routes.reads('/api/ai_scripts/', aiScripts, { list: 'List AI script sets', get: 'Get an AI script set' });
});
