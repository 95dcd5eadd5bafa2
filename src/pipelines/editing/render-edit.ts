/**
 * Drawing a planned edit: the kept spans' sound joined into the voice track, then one ffmpeg run
 * (`media/edit-compile.ts`) for the picture, captions, music and mix.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keptAudioArgs } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { compileEdit, editedSeconds } from '../../media/edit-compile.js';
import { withEnginePreset } from '../../media/render.js';
import type { RenderQuality } from '../../media/timeline.js';
import type { EditPlan } from './edit-plan.js';
import type { StepRun } from '../../core/step-run.js';

/** Share of the progress spent joining the voice and measuring levels before the main run. */
const PREPARE_SHARE = 0.08;

export async function renderEdit(
  plan: EditPlan,
  req: { planDir: string; quality: RenderQuality; outputDir: string },
  deps: { ffmpeg: FfmpegEngine },
  opts: StepRun,
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }> {
  const { signal } = opts;
  const sourcePath = join(req.planDir, plan.files.source);
  const musicPath = plan.files.music ? join(req.planDir, plan.files.music) : null;
  const scratch = await mkdtemp(join(opts.workDir, 'edit-'));
  try {
    let voicePath: string | undefined;
    if (plan.source.hasAudio) {
      voicePath = join(scratch, 'voice.wav');
      const spans = plan.cuts.map((c) => ({ startSeconds: c.sourceStartSeconds, endSeconds: c.sourceEndSeconds }));
      await deps.ffmpeg.run(keptAudioArgs(sourcePath, spans, voicePath), { signal });
    }
    const [voice, music, installedFontFamilies] = await Promise.all([
      voicePath ? deps.ffmpeg.measureLoudness(voicePath, { signal }) : undefined,
      // Under the footage's sound two minutes say enough; alone, the music is measured over what plays (media/audio-mix).
      musicPath
        ? deps.ffmpeg.measureLoudness(musicPath, { signal, maxSeconds: voicePath ? 120 : Math.min(120, Math.max(1, editedSeconds(plan.cuts))) })
        : undefined,
      deps.ffmpeg.listFontFamilies(),
    ]);
    opts.onProgress(PREPARE_SHARE);
    const videoPath = join(req.outputDir, 'edit.mp4');
    const thumbnailPath = join(req.outputDir, 'edit.jpg');
    const compiled = compileEdit(
      withEnginePreset(deps.ffmpeg, {
        sourcePath,
        ...(voicePath ? { voicePath } : {}),
        frame: plan.frame,
        cuts: plan.cuts,
        ...(plan.captions ? { captions: plan.captions } : {}),
        ...(musicPath && plan.music ? { music: { path: musicPath, volume: plan.music.volume } } : {}),
        voiceVolume: plan.voiceVolume,
        quality: req.quality,
        videoPath,
        thumbnailPath,
        audioLevels: { voiceClipLufs: [voice?.integratedLufs], musicLufs: music?.integratedLufs },
        installedFontFamilies,
      }),
    );
    for (const [name, contents] of Object.entries(compiled.files)) await writeFile(join(scratch, name), contents, 'utf8');
    await deps.ffmpeg.run(compiled.args, {
      signal,
      cwd: scratch,
      expectedDurationSeconds: compiled.expectedDurationSeconds,
      onProgress: (f) => opts.onProgress(PREPARE_SHARE + f * (1 - PREPARE_SHARE)),
    });
    const probe = await deps.ffmpeg.probe(videoPath, { signal });
    return { videoPath, thumbnailPath, durationSeconds: probe.durationSeconds || compiled.expectedDurationSeconds };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
