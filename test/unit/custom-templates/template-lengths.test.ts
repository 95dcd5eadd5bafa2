import { describe, expect, it } from 'vitest';
import type { Template } from '../../../src/domain/custom-templates/template-format.js';
import { compileTimeline } from '../../../src/media/compile.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import { planScenes } from '../../../src/media/scene-video.js';
import { timelineDurationSeconds } from '../../../src/media/timeline.js';
import { readTemplateDir, BUILTIN_TEMPLATE_DIR } from '../../../src/pipelines/custom-templates/template-files.js';
import {
  avatarClipKey,
  buildTemplateTimeline,
  templateLengthSeconds,
  voiceoverOverrun,
  type ResolvedSlot,
} from '../../../src/pipelines/custom-templates/template-timeline.js';

const words = (seconds: number) =>
  Array.from({ length: Math.max(1, Math.floor(seconds / 0.4)) }, (_, i) => ({ word: `w${i}`, startSeconds: i * 0.4, endSeconds: i * 0.4 + 0.3 }));

/** Every slot filled as the renderer resolves it; each voiceover spoken for `voiceSeconds` (null: left silent). */
function slotsFor(template: Template, voiceSeconds: number | null): Map<string, ResolvedSlot> {
  const slots = new Map<string, ResolvedSlot>();
  for (const [name, slot] of Object.entries(template.slots)) {
    if (slot.type === 'image' || slot.type === 'audio') slots.set(name, { type: slot.type, path: `/slots/${name}` });
    else if (slot.type === 'video') slots.set(name, { type: 'video', path: `/slots/${name}.mp4`, isVideo: true });
    else if (slot.type === 'text') slots.set(name, { type: 'text', text: 'Northpeak TrailFlask' });
    else if (slot.type === 'avatar') slots.set(name, { type: 'avatar', avatarId: 'a1' });
    else
      slots.set(name, {
        type: 'voiceover',
        text: 'words',
        speech: voiceSeconds === null ? null : { path: `/slots/${name}.mp3`, durationSeconds: voiceSeconds, words: words(voiceSeconds) },
      });
  }
  return slots;
}

function timelineOf(template: Template, voiceSeconds: number | null) {
  const slots = slotsFor(template, voiceSeconds);
  const spoken = (name: string) => {
    const s = slots.get(name);
    return s?.type === 'voiceover' && s.speech ? s.speech.durationSeconds : null;
  };
  const total = templateLengthSeconds(template, spoken);
  const avatarClips = new Map<string, { path: string }>();
  template.scenes.forEach((scene, i) => {
    scene.layers.forEach((layer, j) => {
      if (layer.kind === 'avatar') avatarClips.set(avatarClipKey(i, j), { path: `/clips/${i}-${j}.webm` });
    });
  });
  const drawnBackgrounds = new Map(template.scenes.flatMap((s, i) => ('drawn' in s.background ? [[i, `/drawn/${i}.png`] as const] : [])));
  const panelPictures = new Map(
    template.scenes.flatMap((s) => s.layers.flatMap((l) => (l.kind === 'panel' ? [[l.color, `/panel/${l.color}.png`] as const] : []))),
  );
  const timeline = buildTemplateTimeline(
    { template, slots, drawnBackgrounds, panelPictures, avatarClips, musicPath: '/music.mp3' },
    total,
    frameSizeFor(template.aspect, 'render'),
  );
  const lastWord = (name: string) => {
    const s = slots.get(name);
    return s?.type === 'voiceover' && s.speech ? s.speech.words.at(-1)!.endSeconds : null;
  };
  return { total, timeline, overrun: voiceoverOverrun(template, total, lastWord) };
}

/**
 * Custom Templates and DYOA (contract §8, §21): "the template sets the length". A fixed template
 * lasts its scenes; a from-voiceover one the voice plus its tail, within its bounds. A voice the
 * template cannot hold is refused (the job fails saying so) rather than cut off mid-word. The
 * preview and the render build this one timeline from the same saved speech.
 */
describe('every built-in template lasts what it sets', async () => {
  const { templates, skipped } = await readTemplateDir(BUILTIN_TEMPLATE_DIR, 'builtin');

  it('at every voiceover length: none, short, long, at its maximum; fixed ones their scenes', () => {
    expect(skipped).toEqual([]);
    expect(templates.length).toBeGreaterThanOrEqual(20);
    for (const { template } of templates) {
      const own = template.scenes.reduce((sum, s) => sum + s.seconds, 0);
      const rule = template.length;
      const voices = rule.rule === 'fixed' ? [null] : [null, 0.8, rule.minSeconds, 12.4, rule.maxSeconds - rule.tailSeconds, rule.maxSeconds - 0.05];
      for (const voice of voices) {
        const label = `${template.name} (${template.aspect}) voice ${voice ?? 'none'}`;
        const { total, timeline, overrun } = timelineOf(template, voice);
        const asked = rule.rule === 'fixed' || voice === null ? own : Math.min(rule.maxSeconds, Math.max(rule.minSeconds, voice + rule.tailSeconds));
        expect(total, label).toBeCloseTo(asked, 6);
        expect(overrun, label).toBeNull();
        if (voice !== null) expect(total, `${label}: the voice is heard whole`).toBeGreaterThanOrEqual(voice);
        expect(timelineDurationSeconds(timeline), label).toBeCloseTo(asked, 6);
        expect(Math.abs(planScenes(timeline.scenes).totalFrames / 30 - asked), label).toBeLessThanOrEqual(1 / 30);
        // Nothing drawn past the end.
        for (const layer of timeline.layers ?? []) expect(layer.endSeconds ?? 0, label).toBeLessThanOrEqual(asked + 1e-6);
        if (voice === voices.at(-1))
          for (const quality of ['preview', 'render'] as const)
            expect(
              Math.abs(compileTimeline(timeline, { quality, videoPath: '/out/v.mp4' }).expectedDurationSeconds - asked),
              `${label} ${quality}`,
            ).toBeLessThanOrEqual(0.05);
      }
    }
  });

  it('refuses a voice longer than the template can hold, naming the slot and both lengths', () => {
    for (const { template } of templates) {
      if (template.length.rule !== 'voiceover') continue;
      const voice = template.length.maxSeconds + 4;
      const { total, overrun } = timelineOf(template, voice);
      expect(total).toBe(template.length.maxSeconds);
      const lastWord = words(voice).at(-1)!.endSeconds;
      expect(overrun, template.name).toContain(`"${template.length.slot}" runs ${lastWord.toFixed(1)} s`);
      // A voice whose last word ends in time is kept, however long its trailing silence.
      expect(timelineOf(template, template.length.maxSeconds + 0.25).overrun, template.name).toBeNull();
    }
  });
});
