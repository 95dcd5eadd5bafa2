import { join } from 'node:path';
import type { AdAnalysis } from '../../domain/ad-clone/ad-analysis.js';
import type { adCloneKind } from '../../domain/ad-clone/ad-clone-kind.js';
import type { LinkFacts } from '../../domain/links/link-facts.js';
import type { TemplateFile } from '../../domain/custom-templates/template-format.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import { renderTemplate, type RenderTemplateDeps } from '../custom-templates/render-template.js';
import { scriptLanguageOf } from '../text/languages.js';
import { formatPrice, writeAdScript, type AdScript, type AdScriptRequest } from '../text/write-ad-script.js';
import { FIRST_DRAFT_WORDS_PER_SECOND } from '../video/ad-script.js';
import { analyseReference, type AnalysisDeps } from './analysis/analyse-reference.js';
import { cloneTemplate, cloneValues } from './clone-template.js';
import { voiceCloneScript } from './voice-clone-script.js';

export interface AdCloneDeps {
  analysis: AnalysisDeps;
  render: RenderTemplateDeps;
  /** The voice that speaks a language here (null: none does, the render's default voice is used). */
  voiceFor(language: string): string | null;
  /** Languages the script writer writes; a reference heard in another is cloned in English. */
  scriptLanguages: readonly string[];
  /** The service's script writer (the configured model, else the built-in copywriter); default the built-in one. */
  writeScript?: (req: AdScriptRequest) => Promise<AdScript>;
}

/**
 * The fields of the ad clone's input the clone reads, typed by the kind (they cannot drift from
 * what is stored; `language` null keeps the reference's), and the run's own: where the reference
 * was downloaded and where the clone goes.
 */
export type AdCloneRequest = Pick<AdCloneInput, 'facts' | 'imageUrls' | 'aspectRatio' | 'language' | 'seed'> & {
  accountId: string;
  referencePath: string;
  videoPath: string;
  thumbnailPath: string;
  workDir: string;
  /** Multiplies the output frame (tests render small). */
  outputScale: number;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
};
type AdCloneInput = ReturnType<typeof adCloneKind.inputOf>;

export interface AdCloneResult {
  analysis: AdAnalysis;
  template: TemplateFile;
  script: string | null;
  language: string;
  durationSeconds: number;
  /** When the clone's voice stops (null: no voice); at least `END_MARGIN_SECONDS` before its end. */
  speechEndSeconds: number | null;
}

/** Most words of an on-screen line (a title, a selling point): a glance, not a sentence. */
const LINE_WORDS = 6;

/**
 * Picture lines for on-screen text: the product's name (for titles), then its selling points that
 * fit a glance whole, or their first clause when it does; a point with neither is left out (a
 * line cut mid-phrase reads as a mistake). Without any, the name's own words.
 */
export function productLines(facts: LinkFacts): string[] {
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  const title = facts.title?.trim() ? words(facts.title).slice(0, 4).join(' ') : null;
  const points = (facts.features ?? [])
    .map((f) => f.trim().replace(/[.!]+$/, ''))
    .map((f) => (words(f).length <= LINE_WORDS ? f : (f.split(/[,;:–—]/)[0] ?? '').trim()))
    .filter((f) => f.length > 0 && words(f).length <= LINE_WORDS);
  return [...(title ? [title] : []), ...points];
}

/** Ad clone: the reference analysed, the clone planned as a template, rendered with the link's product. */
export async function makeAdClone(deps: AdCloneDeps, req: AdCloneRequest): Promise<AdCloneResult> {
  const progress = req.onProgress ?? (() => {});
  const analysis = await analyseReference(deps.analysis, {
    videoPath: req.referencePath,
    workDir: req.workDir,
    ...(req.language ? { language: req.language } : {}),
    ...(req.signal ? { signal: req.signal } : {}),
    onProgress: (f) => progress(0.4 * f),
  });
  const heard = analysis.transcript?.language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const language = req.language ?? (deps.scriptLanguages.includes(heard) ? heard : 'en');
  const words = analysis.transcript?.words ?? [];
  const speakingSeconds = words.length ? Math.min(analysis.durationSeconds - 0.3, words[words.length - 1]!.endSeconds - words[0]!.startSeconds + 0.5) : 0;
  const shotsSeconds = analysis.shots.reduce((sum, s) => sum + s.durationSeconds, 0);
  // The script is spoken here, before the render, so the clone's length can be checked against it.
  const voiced =
    analysis.script.sentenceCount > 0
      ? await voiceCloneScript(
          { write: deps.writeScript ?? (async (r) => writeAdScript(r)), speech: deps.render.speech, ffmpeg: deps.render.ffmpeg },
          {
            facts: req.facts,
            pattern: analysis.script,
            speakingSeconds: Math.max(2, speakingSeconds),
            language,
            wordsPerSecond: FIRST_DRAFT_WORDS_PER_SECOND,
            seed: req.seed,
            videoSeconds: shotsSeconds,
            accountId: req.accountId,
            voiceId: deps.voiceFor(language) ?? deps.render.defaultVoiceId,
            workDir: join(req.workDir, 'voice'),
            ...(req.signal ? { signal: req.signal } : {}),
          },
        )
      : null;
  const script = voiced?.script ?? null;
  progress(0.45);
  const { template, file } = cloneTemplate({
    analysis,
    aspect: req.aspectRatio,
    pictureCount: req.imageUrls.length,
    script: script?.text ?? null,
    lines: productLines(req.facts),
    seed: req.seed,
    ...(voiced && voiced.videoSeconds > shotsSeconds ? { videoSeconds: voiced.videoSeconds } : {}),
    ...(voiced ? { speechEndSeconds: voiced.speechEndSeconds } : {}),
    price: req.facts.price ? formatPrice(req.facts.price, scriptLanguageOf(language) ?? 'en') : null,
    language,
  });
  const full = frameSizeFor(req.aspectRatio, 'render');
  const frame = req.outputScale < 1 ? { width: even(full.width * req.outputScale), height: even(full.height * req.outputScale) } : undefined;
  const rendered = await renderTemplate(
    template,
    cloneValues(req.imageUrls, voiced ? { text: voiced.script.text, speech: voiced.speech } : null),
    {
      accountId: req.accountId,
      quality: 'render',
      videoPath: req.videoPath,
      thumbnailPath: req.thumbnailPath,
      workDir: join(req.workDir, 'render'),
      ...(frame ? { frame } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
      onProgress: (f) => progress(0.45 + 0.55 * f),
      // The link's pictures are product photos: each shot frames its product whole.
      productPictures: true,
    },
    deps.render,
  );
  return {
    analysis,
    template: file,
    script: script?.text ?? null,
    language,
    durationSeconds: rendered.durationSeconds,
    speechEndSeconds: voiced?.speechEndSeconds ?? null,
  };
}
