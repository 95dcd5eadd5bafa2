import { describe, expect, it } from 'vitest';
import { compileTimeline } from '../../../src/media/compile.js';
import { timelineDurationSeconds, type Layer, type Timeline } from '../../../src/media/timeline.js';
import type { AdPlan } from '../../../src/pipelines/video/ad-plan.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import { DecorationSet } from '../../../src/pipelines/video/avatar-scenes/decorations.js';
import { avatarClipSpec, isVisualStyle, LAYOUTS, layoutNameFor, presenterUse, visualStyleNames } from '../../../src/pipelines/video/visual-styles.js';
import { adPlanFixture } from '../../helpers/ad-plan-fixture.js';

function plan(over: Partial<AdPlan> = {}): AdPlan {
  return adPlanFixture(over);
}

const avatar = { path: '/clips/avatar.webm', hasAlpha: true };

/** A structural fingerprint: what a viewer would notice differs between two styles. */
function fingerprint(t: Timeline): string {
  const scene = t.scenes[0]!;
  const layers = [...(scene.layers ?? []), ...(t.layers ?? [])].map((l) => `${l.kind}@${l.position?.x ?? 0},${l.position?.y ?? 0}x${l.scale ?? 1}`);
  return JSON.stringify({
    n: t.scenes.length,
    bg: scene.background.kind,
    motion: 'motion' in scene.background ? scene.background.motion : null,
    tr: scene.transitionOut?.kind,
    layers,
    caption: t.captions?.setting,
  });
}

describe('visual styles', () => {
  it('last exactly the plan at every allowed length, so a preview and its render (one plan) are as long as each other', () => {
    for (const seconds of [15, 30, 45, 60]) {
      // Words over the spoken part, the closing ones said over the end card (as the plans are made).
      const spoken = Array.from({ length: Math.round(seconds * 2.8) }, (_, i) => ({ word: `w${i}`, startSeconds: i * 0.34, endSeconds: i * 0.34 + 0.28 }));
      const p = plan({ words: spoken, speechEndSeconds: seconds - 1.2, durationSeconds: seconds, endCardSeconds: 4 });
      for (const name of Object.keys(LAYOUTS))
        for (const aspect of ['9:16', '16:9', '1:1'] as const) {
          const t = buildAdTimeline({ ...p, aspectRatio: aspect }, '/plan', name, presenterUse(name) === 'unused' ? null : avatar);
          expect(timelineDurationSeconds(t), `${name} ${aspect} ${seconds} s`).toBeCloseTo(seconds, 3);
        }
    }
  });

  it('put clips (shop or stock) between the product photos, the product first', () => {
    const t = buildAdTimeline(
      plan({ files: { ...plan().files, images: ['image-0', 'image-1', 'image-2'], videos: ['video-0', 'video-1'] } }),
      '/plan',
      'FullScreenTemplate',
      null,
    );
    const clipScenes = t.scenes.map((scene, i) => (JSON.stringify(scene).includes('video-') ? i : -1)).filter((i) => i >= 0);
    expect(JSON.stringify(t.scenes[0])).toContain('image-0');
    expect(clipScenes.slice(0, 2)).toEqual([1, 3]);
  });

  it('say truly whether they show a presenter: product-first layouts never do, the others do when there is one', () => {
    const showsAvatar = (t: Timeline) => JSON.stringify(t).includes(avatar.path);
    for (const name of Object.keys(LAYOUTS)) {
      const use = presenterUse(name);
      for (const aspect of ['9:16', '16:9', '1:1'] as const) {
        const t = buildAdTimeline(plan({ aspectRatio: aspect }), '/plan', name, avatar);
        expect(showsAvatar(t), `${name} ${aspect} (${use})`).toBe(use !== 'unused');
      }
    }
    expect(presenterUse('VanillaTemplate')).toBe('required');
    expect(presenterUse('StandardAdsTemplate')).toBe('unused'); // an alias of FullScreen
    expect(presenterUse('AvatarBubbleTemplate')).toBe('optional');
  });

  it('builds at least 10 layouts, each a different arrangement', () => {
    const names = Object.keys(LAYOUTS);
    expect(names.length).toBeGreaterThanOrEqual(10);
    const prints = names.map((name) => fingerprint(buildAdTimeline(plan(), '/plan', name, avatar)));
    expect(new Set(prints).size).toBe(names.length);
  });

  for (const name of Object.keys(LAYOUTS)) {
    for (const aspect of ['9:16', '16:9', '1:1'] as const) {
      it(`${name} ${aspect}: lasts exactly the planned length and compiles to one ffmpeg run`, () => {
        const t = buildAdTimeline(plan({ aspectRatio: aspect }), '/plan', name, avatar);
        expect(timelineDurationSeconds(t)).toBeCloseTo(15, 6);
        const compiled = compileTimeline(t, { quality: 'preview', videoPath: '/out/x.mp4', thumbnailPath: '/out/x.jpg' });
        expect(compiled.expectedDurationSeconds).toBeCloseTo(15, 1);
        expect(compiled.args).toContain('/plan/voice.mp3');
        // The CTA end card closes every video.
        expect(t.scenes.at(-1)!.layers?.some((l) => l.kind === 'cta')).toBe(true);
      });
    }
  }

  it('places the avatar only where the style has one, and keys out a clip without alpha', () => {
    const withGreen = { path: '/clips/avatar.mp4', hasAlpha: false, chromaKeyColor: '#00FF00' };
    const bubble = buildAdTimeline(plan(), '/plan', 'AvatarBubbleTemplate', withGreen);
    const layer = bubble.layers!.find((l) => l.kind === 'avatar');
    expect(layer).toMatchObject({ shape: 'circle', chromaKeyColor: '#00FF00', endSeconds: 12.6 });
    const vanilla = buildAdTimeline(plan(), '/plan', 'VanillaTemplate', avatar);
    expect(vanilla.scenes[0]!.background).toMatchObject({ kind: 'video', path: avatar.path, sourceStartSeconds: 0 });
    const noAvatar = buildAdTimeline(plan(), '/plan', 'AvatarBubbleTemplate', null);
    expect(noAvatar.layers!.some((l) => l.kind === 'avatar')).toBe(false);
  });

  it('honours no_caption, no_cta, no music and the caption override', () => {
    const quiet = buildAdTimeline(
      plan({ caption: { hidden: true, override: false, setting: null }, cta: null, musicVolume: null, files: { ...plan().files, music: null } }),
      '/p',
      'FullScreenTemplate',
      null,
    );
    expect(quiet.captions).toBeUndefined();
    expect(quiet.music).toBeUndefined();
    expect(quiet.scenes.some((s) => s.layers?.some((l) => l.kind === 'cta'))).toBe(false);
    const own = buildAdTimeline(
      plan({ caption: { hidden: false, override: true, setting: { style: 'glow', font_size: 90 } } }),
      '/p',
      'FullScreenTemplate',
      null,
    );
    expect(own.captions!.setting).toMatchObject({ style: 'glow', font_size: 90 });
    const styleLook = buildAdTimeline(plan({ caption: { hidden: false, override: false, setting: { style: 'glow' } } }), '/p', 'FullScreenTemplate', null);
    expect(styleLook.captions!.setting).toMatchObject({ style: 'normal-white' });
  });

  it('accepts every contract name, drawing the others with the nearest layout', () => {
    for (const name of visualStyleNames()) expect(isVisualStyle(name)).toBe(true);
    expect(isVisualStyle('LegoScriptSecretHook')).toBe(true);
    expect(layoutNameFor('VlogTemplate')).toBe('VanillaTemplate');
    expect(isVisualStyle('NoSuchTemplate')).toBe(false);
  });

  it('draws with colour stages when the page has no pictures, only its videos', () => {
    const t = buildAdTimeline(plan({ files: { ...plan().files, images: [], videos: ['video-0'] } }), '/p', 'FullScreenTemplate', null);
    expect(t.scenes[0]!.background).toMatchObject({ kind: 'video', path: '/p/video-0' });
  });

  it('GreenScreenEffect asks for the figure alone (an alpha clip) at its box, other styles for the avatar with its room', () => {
    for (const aspect of ['9:16', '16:9', '1:1'] as const) {
      for (const name of ['GreenScreenEffectTemplate', 'DynamicGreenScreenEffect']) {
        const spec = avatarClipSpec(name, aspect, true);
        expect(spec.cutOut).toBe(true);
        expect(spec.box!.width).toBeGreaterThan(0.3);
        expect(spec.box!.height).toBeGreaterThan(0.4);
      }
      // A photo avatar cannot be cut out: a smaller framed card instead.
      const photo = avatarClipSpec('GreenScreenEffectTemplate', aspect, false);
      expect(photo.cutOut).toBe(false);
      expect(photo.box!.height).toBeLessThan(avatarClipSpec('GreenScreenEffectTemplate', aspect, true).box!.height);
      for (const other of ['AvatarBubbleTemplate', 'VanillaTemplate', 'SideBySideTemplate'])
        expect(avatarClipSpec(other, aspect, true)).toEqual({ cutOut: false, box: null });
    }
  });

  it('GreenScreenEffect: the cut-out presenter stands on the bottom edge beside or below the product, which is whole in the rest of the frame', () => {
    const places = new Set<string>();
    for (const aspect of ['9:16', '16:9', '1:1'] as const) {
      const decorations = new DecorationSet('/work', { width: 360, height: 640 });
      const t = buildAdTimeline(plan({ aspectRatio: aspect }), '/plan', 'GreenScreenEffectTemplate', avatar, decorations.decorate);
      const spoken = t.scenes.slice(0, -1);
      // The only video layer is the avatar clip itself: no panel or card behind it, nothing keyed.
      expect(t.layers).toHaveLength(1);
      const layer = t.layers![0]!;
      for (const scene of spoken) {
        // A full-bleed product shot (no blurred fill), its product kept clear of the presenter: the moving
        // backdrop, and the product standing still over it (parallax).
        expect(scene.background).toMatchObject({ kind: 'image', fit: 'crop', path: expect.stringMatching(/\/work\/shot-/) });
        // A push-in scene is the whole shot, moving in on a detail (the product grows inside its place).
        if (scene.background.kind === 'image' && scene.background.motion === 'push-in') expect(scene.layers).toBeUndefined();
        else
          expect(scene.layers).toEqual([
            expect.objectContaining({ kind: 'image', box: { width: 1, height: 1 }, path: expect.stringMatching(/\/work\/shot-/) }),
          ]);
      }
      expect(layer).toMatchObject({ kind: 'avatar', path: avatar.path, chromaKeyColor: undefined, endSeconds: 12.6 });
      if (layer.kind !== 'avatar') throw new Error('not an avatar layer');
      expect(layer.box).toEqual(avatarClipSpec('GreenScreenEffectTemplate', aspect, true).box);
      expect(layer.position!.y + layer.box!.height / 2).toBeCloseTo(0.5, 2);
      expect(Math.abs(layer.position!.x) + layer.box!.width / 2).toBeLessThanOrEqual(0.5);
      places.add(JSON.stringify([layer.position, layer.box]));
    }
    expect(places.size).toBe(3);
    // A clip with a green backdrop is keyed instead: still the figure alone.
    const green = buildAdTimeline(plan(), '/plan', 'GreenScreenEffectTemplate', { path: '/clips/a.mp4', hasAlpha: false, chromaKeyColor: '#00FF00' });
    expect(green.layers).toEqual([expect.objectContaining({ kind: 'avatar', chromaKeyColor: '#00FF00' })]);
  });

  it('GreenScreenEffect with a photo avatar: a framed photo card, the frame drawn behind it', () => {
    const photo = { path: '/clips/photo.mp4', hasAlpha: false };
    const decorations = new DecorationSet('/work', { width: 360, height: 640 });
    const t = buildAdTimeline(plan(), '/plan', 'GreenScreenEffectTemplate', photo, decorations.decorate);
    expect(t.layers!.map((l) => l.kind)).toEqual(['image', 'avatar']);
    const [frame, card] = t.layers as [Extract<Layer, { kind: 'image' }>, Extract<Layer, { kind: 'avatar' }>];
    expect(frame.path).toMatch(/^\/work\/card-\d+x\d+\.png$/);
    expect(card).toMatchObject({ fit: 'crop', box: avatarClipSpec('GreenScreenEffectTemplate', '9:16', false).box, position: frame.position });
    expect(frame.box!.width).toBeGreaterThan(card.box!.width);
  });
});
