/**
 * One example for each of the 22 groups of the SDK, as README.md's "SDK (TypeScript)" section
 * shows them. This file is type-checked with the rest of the repository (`npx tsc -p tsconfig.json
 * --noEmit`) and never runs on import: every example is the body of an exported async function
 * that takes the client.
 *
 * The README blocks are copies of the regions: the lines between `// #region <group>` and
 * `// #endregion`, each with its two spaces of function indentation removed.
 * test/unit/sdk/readme-examples.test.ts fails when a region and its README block differ, so edit
 * an example here (where tsc checks it) and copy it to the README.
 *
 * `cw`, `writeFile` and `ClipwrightError` are what the README's setup block provides; ids such as
 * 'VOICE_ID' and 'AVATAR_ID' stand for ids from the catalogs (`cw.voices`, `cw.avatars`).
 * To run one: `await textToSpeech(connect())` from a script run with tsx.
 */
import { writeFile } from 'node:fs/promises';
import { ClipwrightError, createClient, type ClipwrightClient } from '../src/index.js';

/** The README's setup block. */
export function connect(): ClipwrightClient {
  return createClient({ baseUrl: 'http://localhost:8080', apiId: process.env.CLIPWRIGHT_API_ID!, apiKey: process.env.CLIPWRIGHT_API_KEY! });
}

export async function urlToVideo(cw: ClipwrightClient) {
  // #region url-to-video
  const link = await cw.links.create({ url: 'https://shop.example/trail-bottle' });
  const drafts = await cw.linkToVideos.createPreviewListAndWait({
    link: link.id,
    visual_styles: ['AvatarBubbleTemplate', 'FullScreenTemplate'],
    video_length: 15,
    aspect_ratio: '9:16',
  });
  const chosen = drafts.previews[1]!; // one preview per visual style, same script and voice
  const video = await cw.linkToVideos.renderSinglePreviewAndWait({ id: drafts.id, media_job: chosen.media_job });
  await writeFile('trail-bottle.mp4', await cw.download(video.output!));
  // #endregion
}

export async function aiAvatarV1(cw: ClipwrightClient) {
  // #region ai-avatar-v1
  const draft = await cw.avatarVideos.createPreviewAndWait({
    aspect_ratio: '16:9',
    creator: 'AVATAR_ID',
    accent: 'VOICE_ID',
    no_caption: false, // captions are off unless asked
    text: 'Welcome to the team! Here is how your first week works.',
  });
  console.log(draft.preview); // a marked, reduced-resolution MP4 to check before paying for the render
  const final = await cw.avatarVideos.renderAndWait(draft.id);
  console.log(final.output, final.video_thumbnail);
  // #endregion
}

export async function aiAvatarV2(cw: ClipwrightClient) {
  // #region ai-avatar-v2
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort()); // Ctrl-C ends the wait (not the task)
  const draft = await cw.avatarVideosV2.createPreviewAndWait(
    {
      aspect_ratio: '9:16',
      video_inputs: [
        { character: { avatar_id: 'AVATAR_ID' }, voice: { type: 'text', input_text: 'Ice at noon, on a July hike?', voice_id: 'VOICE_ID' } },
        {
          character: { avatar_id: 'AVATAR_ID' },
          voice: { type: 'text', input_text: 'Double-wall steel. Cold for 24 hours.', voice_id: 'VOICE_ID' },
          background: { type: 'image', url: 'https://shop.example/trail-bottle.jpg' },
          visual_style: 'FullProduct',
          transition_effect: { transition_in: 'fade' },
        },
      ],
    },
    { signal: stop.signal },
  );
  const final = await cw.avatarVideosV2.renderAndWait(draft.id, undefined, { signal: stop.signal, timeoutMs: 30 * 60_000 });
  console.log(final.output);
  // #endregion
}

export async function aurora(cw: ClipwrightClient) {
  // #region aurora
  const key = crypto.randomUUID(); // reuse it only to retry this same create: same task, charged once
  try {
    const talk = await cw.aurora.createAndWait(
      { image: 'https://cdn.example/founder.jpg', audio: 'https://cdn.example/welcome.mp3', model_version: 'aurora_v2', resolution: '720p' },
      { idempotencyKey: key },
    );
    console.log(talk.output);
  } catch (err) {
    if (err instanceof ClipwrightError && err.status === 400)
      console.error(err.fields); // e.g. { image: ['…'] }
    else throw err;
  }
  // #endregion
}

export async function productVideo(cw: ClipwrightClient) {
  // #region product-video
  const still = await cw.productVideos.genImageAndWait({
    product_url: 'https://shop.example/trail-bottle.png',
    aspect_ratio: '9:16',
    image_prompt: 'white marble, soft morning light',
  });
  console.log(still.generated_photo_url);
  const clip = await cw.productVideos.genVideoAndWait(still.id, { motion_style: 'display', video_prompt: 'slow spin, 8 seconds' });
  console.log(clip.video_url);
  const take2 = await cw.productVideos.regenVideoAndWait(still.id); // another variation, same task, new video_url
  console.log(take2.video_url);
  // #endregion
}

export async function aiEditing(cw: ClipwrightClient) {
  // #region ai-editing
  const draft = await cw.aiEditing.createPreviewAndWait({
    video_url: 'https://cdn.example/talk.mp4',
    aspect_ratio: '9:16',
    editing_style: 'vlog',
    instructions: 'remove silences, zoom on the speaker, make it 30 seconds',
  });
  console.log(draft.preview);
  const edit = await cw.aiEditing.renderAndWait(draft.id);
  console.log(edit.output);
  // #endregion
}

export async function aiShorts(cw: ClipwrightClient) {
  // #region ai-shorts
  const short = await cw.aiShorts.createAndWait(
    {
      script: 'In 1911 the Mona Lisa vanished from the Louvre. For two years, nobody knew where she was.',
      aspect_ratio: '9:16',
      style: 'Cinematic',
      accent: 'VOICE_ID',
      caption_setting: { style: 'neo' },
    },
    { onProgress: (t) => console.log(`${t.status} ${t.progress ?? 0}%`) },
  );
  await writeFile('mona-lisa.mp4', await cw.download(short.output!));
  // #endregion
}

export async function customTemplates(cw: ClipwrightClient) {
  // #region custom-templates
  const templates = await cw.customTemplates.list();
  const showcase = templates.find((t) => t.name === 'Product Showcase (vertical)')!;
  const { variables } = await cw.customTemplates.get(showcase.template_id); // { 'Product Image': { type: 'image', required: true }, … }
  console.log(variables);
  const job = await cw.customTemplateJobs.createPreviewAndWait({
    template_id: showcase.template_id,
    parameters: {
      'Product Image': 'https://shop.example/soda.png',
      'Product Name': 'Sunrise Soda',
      Script: { text: 'Real citrus, light bubbles.', voice_id: 'VOICE_ID' },
    },
  });
  const final = await cw.customTemplateJobs.renderAndWait(job.id);
  console.log(job.preview, final.output);
  // #endregion
}

export async function textToSpeech(cw: ClipwrightClient) {
  // #region text-to-speech
  const speech = await cw.textToSpeech.createAndWait(
    { text: 'Hello from Clipwright.', voice_id: 'VOICE_ID' },
    { onProgress: (t) => console.log(t.status, t.progress), timeoutMs: 120_000 },
  );
  await writeFile('hello.mp3', await cw.download(speech.output!));
  console.log(speech.duration, speech.words?.map((w) => `${w.word}@${w.start}`).join(' '));
  const next = await cw.textToSpeech.create({ text: 'And one more, followed live.', voice_id: 'VOICE_ID' });
  for await (const e of cw.tasks.events(next.id)) console.log(e.event, e.status); // status, progress …, end (any task kind)
  // #endregion
}

export async function textGenerator(cw: ClipwrightClient) {
  // #region text-generator
  const reply = await cw.textGenerator.create({
    model_name: 'clipwright-headlines',
    sync: true, // sync: answered once the text is ready
    messages: [{ role: 'user', content: 'Headlines for a steel water bottle that keeps drinks cold for 24 hours.' }],
    config: { temperature: 0.7, max_output_tokens: 200 },
  });
  console.log(reply.status, reply.response_text);
  const script = cw.textGenerator.stream({
    // the text as the model writes it (Server-Sent Events)
    model_name: 'clipwright-script',
    messages: [{ role: 'user', content: 'A 15 second script for the same bottle.' }],
  });
  for await (const chunk of script) process.stdout.write(chunk);
  console.log('\n', script.result?.id, script.result?.credits_used); // the finished task, once the loop is over
  // #endregion
}

export async function aiScripts(cw: ClipwrightClient) {
  // #region ai-scripts
  const result = await cw.aiScripts.create({
    // synchronous: answers done
    title: 'Aurora Sunrise Lamp',
    description: 'A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.',
    script_styles: ['ProblemSolutionV2', 'StoryTimeWriter'],
    video_length: 30,
    language: 'en',
  });
  for (const s of result.generated_scripts) console.log(`${s.script_style} (${s.estimated_duration} s):`, s.paragraphs);
  // #endregion
}

export async function assetGenerator(cw: ClipwrightClient) {
  // #region asset-generator
  const models = await cw.assetSchemas(); // each model's inputs as JSON Schema, and its price
  const staging = models.find((m) => m.model_name === 'product-staging')!;
  console.log(staging.credits_per_output, staging.input_params_schema);
  const task = await cw.assetGenerator.createAndWait({
    model_name: 'product-staging',
    output_nums: 2,
    input_params: { image_url: 'https://shop.example/trail-bottle.png', prompt: 'warm walnut wood, morning light' },
  });
  for (const asset of task.assets) console.log(asset.type, asset.url);
  // #endregion
}

export async function iabImages(cw: ClipwrightClient) {
  // #region iab-images
  const task = await cw.iabImages.createAndWait({ image: 'https://shop.example/trail-bottle.jpg' });
  for (const banner of task.output ?? []) console.log(banner.type, banner.size, banner.url); // 12 banners, mobile_320x50 … desktop_300x250
  // #endregion
}

export async function voices(cw: ClipwrightClient) {
  // #region voices
  const page = await cw.voices.paginated({ language: 'en', gender: 'female', page_size: 5 });
  for (const v of page.results) console.log(v.id, v.name, v.accent, v.preview_url);
  const mine = await cw.voiceClones.createAndWait({ name: 'Founder', audio_url: 'https://cdn.example/founder-45s.mp3' }); // waits for done
  await cw.textToSpeech.create({ text: 'Thanks for your order!', voice_id: mine.id }); // a cloned voice id works wherever a voice id does
  console.log(await cw.voiceClones.list()); // cw.voices.delete(mine.id) removes it
  // #endregion
}

export async function avatars(cw: ClipwrightClient) {
  // #region avatars
  const page = await cw.avatars.paginated({ gender: 'f', style: 'presenter', page_size: 10 });
  for (const a of page.results) console.log(a.id, a.name, a.thumbnail);
  const outdoors = await cw.avatars.listV2({ suitable_industries: 'Sports & Outdoors' }); // v2: consent-verified, better lipsync
  const avatar = await cw.avatars.get(outdoors[0]!.id);
  console.log(avatar.default_voice_id, avatar.preview_video_9_16);
  // #endregion
}

export async function customAvatars(cw: ClipwrightClient) {
  // #region custom-avatars
  const { remaining } = await cw.avatars.customCount();
  if (remaining > 0) {
    const dana = await cw.customAvatars.createV2AndWait(
      {
        // waits for status active
        creator_name: 'Dana',
        gender: 'f',
        lipsync_input: 'https://cdn.example/dana-60s.mp4',
        consent_video: 'https://cdn.example/dana-consent.mp4',
      },
      { timeoutMs: 30 * 60_000 },
    );
    console.log(dana.id, dana.consent_verified, dana.thumbnail); // dana.id works as avatar_id, creator, override_avatar
    await cw.customAvatars.update(dana.id, { keywords: 'outdoors, friendly', labels: ['sales'] }); // name, keywords, labels
  }
  const mine = await cw.avatars.paginatedV2({ page_size: 50 }); // built-in and custom v2 avatars, a page at a time
  for (const old of mine.results.filter((a) => !a.is_builtin && a.status === 'failed')) await cw.customAvatars.delete(old.id);
  // #endregion
}

export async function links(cw: ClipwrightClient) {
  // #region links
  const link = await cw.links.createWithParams({
    // no page to read: the facts given directly
    title: 'Trail Bottle 750 ml',
    description: 'Double-wall steel bottle. Cold for 24 hours, hot for 12.',
    image_urls: ['https://cdn.example/bottle-front.jpg', 'https://cdn.example/bottle-side.jpg'],
    logo_url: 'https://cdn.example/logo.png',
  });
  await cw.links.update(link.id, { ai_summary: 'A light steel bottle for hikers that keeps drinks cold all day.' });
  console.log((await cw.links.get(link.id)).link.ai_summary);
  console.log((await cw.links.list({ ordering: '-created_at' })).length);
  // #endregion
}

export async function workspace(cw: ClipwrightClient) {
  // #region workspace
  const { remaining_credits } = await cw.workspace.remainingCredits();
  if (remaining_credits < 20) console.warn(`Only ${remaining_credits} credits left.`);
  // #endregion
}

export async function inspiration(cw: ClipwrightClient) {
  // #region inspiration
  const styles = await cw.inspirations.list();
  const banner = styles.find((i) => i.name === 'Flash Sale Banner')!;
  console.log(banner.credit_cost, banner.input_params_schema.required); // ['Product Image', 'Headline']
  const job = await cw.inspirationJobs.createAndWait({
    inspiration_id: banner.id,
    parameters: { 'Product Image': 'https://shop.example/trail-bottle.jpg', Headline: 'SUMMER SALE', Discount: '-30%' },
  });
  console.log(job.output);
  // #endregion
}

export async function adClone(cw: ClipwrightClient) {
  // #region ad-clone
  const clone = await cw.adClone.createAndWait(
    {
      link: 'LINK_ID', // from cw.links.create: the product the new ad shows
      video_url: 'https://cdn.example/reference-ad.mp4',
      aspect_ratio: '9:16',
      language: 'es',
    },
    { timeoutMs: 30 * 60_000 },
  );
  console.log(clone.output);
  // #endregion
}

export async function dyoa(cw: ClipwrightClient) {
  // #region dyoa
  const designs = await cw.dyoa.list();
  const talking = designs.find((d) => d.name === 'DYOA: Talking Avatar')!;
  console.log(talking.parameters); // { Avatar: { type: 'avatar', required: true }, Script: { type: 'voiceover', … }, … }
  const job = await cw.customTemplateJobs.createAndWait({
    // a DYOA id is a template_id
    template_id: talking.id,
    parameters: { Avatar: 'AVATAR_ID', Script: { text: 'Three tips for your first trail run.', voice_id: 'VOICE_ID' } },
  });
  console.log(job.output);
  // #endregion
}

export async function music(cw: ClipwrightClient) {
  // #region music
  const categories = await cw.music.categories(); // Upbeat, Chill, Corporate, Cinematic …
  console.log(categories.map((c) => c.name));
  const tracks = await cw.music.tracks({ category: 'Acoustic', page_size: 5 });
  const track = tracks.results[0]!;
  await cw.linkToVideos.create({ link: 'LINK_ID', background_music_url: track.url, background_music_volume: 0.3 }); // any track url works as background_music_url
  // #endregion
}
