import { describe, expect, it } from 'vitest';
import { spokenText, V2_VISUAL_STYLES, type V2VisualStyle } from '../../../src/domain/avatars/avatar-video-spec.js';
import { compileTimeline, timelineDurationSeconds, type Layer } from '../../../src/media/index.js';
import type { AspectRatio } from '../../../src/media/timeline.js';
import { clipSize } from '../../../src/pipelines/video/avatar-scenes/render-avatar-scenes.js';
import { totalSeconds, transitionAfter, type AvatarScenesPlan, type PlannedScene } from '../../../src/pipelines/video/avatar-scenes/scene-plan.js';
import { placeAvatar, SCENE_LAYOUTS, styleScene, type Box } from '../../../src/pipelines/video/avatar-scenes/scene-styles.js';
import { avatarSlots, buildAvatarScenesTimeline, sceneWindows } from '../../../src/pipelines/video/avatar-scenes/scene-timeline.js';
import { overlaps, rectOf } from '../../../src/pipelines/video/product-area.js';

const words = (at: number, ...list: string[]) => list.map((word, i) => ({ word, startSeconds: at + i * 0.4, endSeconds: at + i * 0.4 + 0.3 }));

function scene(over: Partial<PlannedScene> = {}): PlannedScene {
  return {
    durationSeconds: 2.3,
    voice: { file: 'scene-1.mp3', volume: 0.8, spoken: true },
    words: words(0.1, 'hello', 'there', 'friend'),
    avatar: { id: 'a1', name: 'Amara Okafor', offset: { x: 0, y: 0 }, scale: 1, style: 'normal', hidden: false },
    background: { kind: 'image', file: 'media-1.png', fit: 'crop', motion: null },
    caption: { hidden: false, override: false, setting: null },
    transitionIn: null,
    transitionOut: null,
    visualStyle: 'FullAvatar',
    cta: null,
    ...over,
  };
}

function plan(scenes: PlannedScene[], over: Partial<AvatarScenesPlan> = {}): AvatarScenesPlan {
  const endCard = over.endCard === undefined ? { seconds: 2, background: { kind: 'image' as const, file: 'media-9.png' }, cta: null } : over.endCard;
  return { aspectRatio: '9:16', scenes, music: { file: 'music.wav', volume: 0.2 }, ...over, endCard, durationSeconds: totalSeconds(scenes, endCard) };
}

const clip = (path = '/work/avatar.webm') => ({ path, hasAlpha: true });
const noDecor = (kind: string, box: Box) => `/decor/${kind}-${box.width.toFixed(3)}x${box.height.toFixed(3)}.png`;
const compile = (p: AvatarScenesPlan, quality: 'preview' | 'render' = 'render') =>
  compileTimeline(
    buildAvatarScenesTimeline(
      p,
      '/plan',
      p.scenes.map(() => clip()),
      noDecor,
    ),
    { quality, videoPath: '/out/v.mp4', thumbnailPath: '/out/t.jpg' },
  );

/** Every [label] must be produced by exactly one chain and consumed by exactly one. */
function checkLabels(graph: string): void {
  const produced = new Map<string, number>();
  const consumed = new Map<string, number>();
  for (const chain of graph.split(';\n')) {
    const leading = /^((?:\[[^\]]+\])*)/.exec(chain)![1]!;
    const trailing = /((?:\[[^\]]+\])*)$/.exec(chain)![1]!;
    for (const l of leading.match(/\[[^\]]+\]/g) ?? []) if (!/^\[\d+:[av]\]$/.test(l)) consumed.set(l, (consumed.get(l) ?? 0) + 1);
    for (const l of trailing.match(/\[[^\]]+\]/g) ?? []) produced.set(l, (produced.get(l) ?? 0) + 1);
  }
  for (const [label, count] of consumed) {
    expect(produced.get(label), `${label} is consumed but never produced`).toBe(1);
    expect(count, `${label} consumed twice`).toBe(1);
  }
  for (const label of produced.keys()) expect(consumed.has(label) || /vout|aout|thumb/.test(label), `${label} is never used`).toBe(true);
}

describe('AI Avatar v2 plan timing', () => {
  it("lasts every scene's speech or silence plus the end card, each voice at its scene's start", () => {
    const p = plan([
      scene({ durationSeconds: 2.3, transitionOut: 'fade' }),
      scene({ durationSeconds: 1.5, voice: { file: 'scene-2.mp3', volume: 0.8, spoken: false }, words: [], transitionIn: 'leftSwipe' }),
      scene({ durationSeconds: 1.2, voice: { file: 'scene-3.mp3', volume: 0.5, spoken: true } }),
    ]);
    expect(p.durationSeconds).toBeCloseTo(2.3 + 1.5 + 1.2 + 2, 6);
    const timeline = buildAvatarScenesTimeline(
      p,
      '/plan',
      p.scenes.map(() => clip()),
      noDecor,
    );
    expect(timelineDurationSeconds(timeline)).toBeCloseTo(7, 6);
    expect(timeline.scenes.map((s) => s.durationSeconds)).toEqual([2.3, 1.5, 1.2, 2]);
    // The silent scene adds nothing to the mix; the others start where their scenes do, at their volume.
    expect(timeline.voiceover!.clips).toEqual([
      { path: '/plan/scene-1.mp3', startSeconds: 0, volume: 0.8 },
      { path: '/plan/scene-3.mp3', startSeconds: 3.8, volume: 0.5 },
    ]);
    // Captions per scene, moved to the scene's start.
    expect(timeline.captionTracks!.map((t) => t.words[0]!.startSeconds)).toEqual([0.1, 3.9]);
    // Cuts: scene 1's own transition_out wins over scene 2's transition_in; neither side asks at the next cut; the end card fades in.
    expect(timeline.scenes.map((s) => s.transitionOut?.kind ?? null)).toEqual(['fade', null, 'fade', null]);
    expect(compile(p).expectedDurationSeconds).toBeCloseTo(7, 1);
    const noEnd = plan([scene()], { endCard: null });
    expect(noEnd.durationSeconds).toBeCloseTo(2.3, 6);
    expect(buildAvatarScenesTimeline(noEnd, '/plan', [clip()], noDecor).scenes).toHaveLength(1);
  });

  it("takes a cut's transition from the scene before it, else from the scene after it", () => {
    const scenes = [
      { transitionIn: 'topSwipe' as const, transitionOut: null },
      { transitionIn: 'rightSwipe' as const, transitionOut: null },
      { transitionIn: null, transitionOut: 'bottomSwipe' as const },
    ];
    expect(transitionAfter(scenes, 0, false)).toBe('rightSwipe');
    expect(transitionAfter(scenes, 1, false)).toBeNull();
    expect(transitionAfter(scenes, 2, false)).toBeNull();
    expect(transitionAfter(scenes, 2, true)).toBe('bottomSwipe');
  });

  it("draws the avatar into its scene for the scene's whole window, so transitions carry it", () => {
    const p = plan([scene({ transitionOut: 'leftSwipe' }), scene()], { endCard: null });
    const windows = sceneWindows(p);
    expect(windows[0]!.leadSeconds).toBe(0);
    expect(windows[1]!.leadSeconds).toBeGreaterThan(0.2);
    expect(windows[0]!.lengthSeconds).toBeGreaterThan(2.3);
    const timeline = buildAvatarScenesTimeline(p, '/plan', [clip('/a1.webm'), clip('/a2.webm')], noDecor);
    const avatar = timeline.scenes[1]!.layers!.find((l) => l.kind === 'avatar')!;
    expect(timeline.scenes.every((s) => s.layersInScene)).toBe(true);
    expect(avatar.startSeconds).toBeCloseTo(-windows[1]!.leadSeconds, 6);
    expect(avatar.endSeconds! - avatar.startSeconds!).toBeCloseTo(windows[1]!.lengthSeconds, 6);
    const { filterGraph } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' });
    // Both avatars are overlaid before the scenes are joined.
    expect(filterGraph.indexOf('concat=')).toBeGreaterThan(filterGraph.lastIndexOf("overlay=x='W*0.5-w/2'"));
    checkLabels(filterGraph);
  });
});

describe('AI Avatar v2 visual styles', () => {
  const aspects: AspectRatio[] = ['9:16', '16:9', '1:1'];

  it.each(V2_VISUAL_STYLES.map((s) => [s]))('%s lays out and compiles in every aspect ratio', (style) => {
    for (const aspectRatio of aspects) {
      const p = plan(
        [
          scene({ visualStyle: style as V2VisualStyle }),
          scene({ visualStyle: style as V2VisualStyle, background: { kind: 'video', file: 'clip.mp4', fit: 'contain', motion: 'zoom-in' } }),
        ],
        { aspectRatio },
      );
      const compiled = compile(p, aspectRatio === '1:1' ? 'preview' : 'render');
      checkLabels(compiled.filterGraph);
      expect(compiled.args).toContain('/plan/media-1.png');
    }
  });

  it('has at least six genuinely different layouts: avatar slot, picture placement, overlays and caption look', () => {
    const fingerprints = new Set<string>();
    for (const style of Object.keys(SCENE_LAYOUTS) as V2VisualStyle[]) {
      const s = styleScene(style, {
        aspectRatio: '9:16',
        picture: { kind: 'image', path: '/p.png', fit: 'crop', motion: null },
        avatarName: 'Amara',
        decorate: noDecor,
      });
      const layerShape = (l: Layer) =>
        `${l.kind}:${'box' in l ? JSON.stringify(l.box) : ''}@${JSON.stringify(l.position ?? null)}:${'shape' in l ? l.shape : ''}`;
      fingerprints.add(
        JSON.stringify({
          bg: s.background.kind,
          avatar: s.avatar,
          below: s.below.map(layerShape),
          above: s.above.map(layerShape),
          caption: s.caption.style,
          offset: s.caption.offset,
        }),
      );
    }
    expect(Object.keys(SCENE_LAYOUTS).length).toBeGreaterThanOrEqual(6);
    expect(fingerprints.size).toBe(Object.keys(SCENE_LAYOUTS).length);
  });

  it.each(aspects.map((a) => [a]))('%s: a product picture is kept whole inside the frame, and no presenter is drawn over its box', (aspectRatio) => {
    for (const style of Object.keys(SCENE_LAYOUTS) as V2VisualStyle[]) {
      const s = styleScene(style, {
        aspectRatio,
        picture: { kind: 'image', path: '/p.png', fit: 'whole', motion: null },
        avatarName: 'Amara',
        decorate: noDecor,
      });
      const products = [...s.below, ...s.above].filter((l) => 'path' in l && l.path === '/p.png');
      expect(products.length, style).toBe(1);
      const product = products[0]!;
      expect('fit' in product && product.fit, `${style}: fitted whole`).toBe('contain');
      const box = 'box' in product && product.box ? product.box : { width: 1, height: 1 };
      const r = rectOf(product.position ?? { x: 0, y: 0 }, box);
      expect(Math.min(r.x0, r.y0), style).toBeGreaterThanOrEqual(0);
      expect(Math.max(r.x1, r.y1), style).toBeLessThanOrEqual(1);
      // The frame's whole picture is only its blurred fill when the product is a layer.
      if (s.background.kind === 'image') expect(s.background.fit, style).toBe('backdrop');
      const drawnOverProduct = s.above.indexOf(product) < 0;
      if (s.avatar && drawnOverProduct) expect(overlaps(rectOf(s.avatar.position, s.avatar.box), r), `${style}: presenter over the product`).toBe(false);
    }
  });

  it("keeps the style's caption look unless the scene says override_visual_style; hidden hides them", () => {
    const own = { style: 'frenzy', font_size: 90, override_visual_style: true };
    const p = plan([
      scene({ visualStyle: 'MagnifyingGlassCircle' }),
      scene({ visualStyle: 'MagnifyingGlassCircle', caption: { hidden: false, override: true, setting: own } }),
      scene({ visualStyle: 'MagnifyingGlassCircle', caption: { hidden: false, override: false, setting: { style: 'frenzy' } } }),
      scene({ caption: { hidden: true, override: false, setting: null } }),
    ]);
    const tracks = buildAvatarScenesTimeline(
      p,
      '/plan',
      p.scenes.map(() => clip()),
      noDecor,
    ).captionTracks!;
    expect(tracks.map((t) => t.setting?.style)).toEqual(['mint', 'frenzy', 'mint']);
    const ass = compile(p).files['overlay.ass']!;
    expect(ass).toContain('Style: Caption,');
    expect(ass).toContain('Style: Caption2,');
    expect(ass).toMatch(/Style: Caption2,[^,]+,90,/);
  });

  it("masks a circle avatar to a disc over the scene's picture", () => {
    const p = plan([scene({ background: null, avatar: { ...scene().avatar, style: 'circle' } })], { endCard: null });
    const [slot] = avatarSlots(p, '/plan');
    // A presenter-only FullAvatar scene's slot is the whole 9:16 frame: the bubble is its largest square, 1080 px across.
    expect(slot).toMatchObject({ shape: 'circle', backdrop: 'scene', position: { x: 0, y: 0 } });
    expect(clipSize(slot!, { width: 1080, height: 1920 })).toEqual({ width: 1080, height: 1080 });
    const { filterGraph } = compile(p);
    expect(filterGraph).toContain('alphamerge');
    expect(filterGraph).toMatch(/geq=lum='255\*lte\(hypot\(X-540,Y-540\),539\)'/);
    checkLabels(filterGraph);
  });
});

describe('AI Avatar v2 character placement', () => {
  const full = { position: { x: 0, y: 0 }, box: { width: 1, height: 1 }, shape: 'normal' as const, backdrop: 'transparent' as const };
  const character = { offset: { x: 0, y: 0 }, scale: 1, style: 'normal' as const, hidden: false };

  it('moves the slot by the offset, resizes it by the scale, and removes it when hidden', () => {
    expect(placeAvatar(full, { ...character, offset: { x: 0.2, y: -0.1 }, scale: 0.5 }, '9:16')).toEqual({
      ...full,
      position: { x: 0.2, y: -0.1 },
      box: { width: 0.5, height: 0.5 },
    });
    expect(placeAvatar(full, { ...character, hidden: true }, '9:16')).toBeNull();
    expect(placeAvatar(full, { ...character, scale: 0 }, '9:16')).toBeNull();
    expect(placeAvatar(null, character, '9:16')).toBeNull();
  });

  it('makes a circle the largest square of the slot; clips never exceed the frame', () => {
    const circle = placeAvatar(full, { ...character, style: 'circle', scale: 0.5 }, '16:9')!;
    expect(circle.shape).toBe('circle');
    expect(circle.box.width * 16).toBeCloseTo(circle.box.height * 9, 6);
    expect(clipSize(circle, { width: 1920, height: 1080 })).toEqual({ width: 540, height: 540 });
    const huge = placeAvatar(full, { ...character, scale: 2 }, '9:16')!;
    expect(clipSize(huge, { width: 360, height: 640 })).toEqual({ width: 360, height: 640 });
  });

  it('leaves v3 emotion tags unspoken', () => {
    expect(spokenText('[excited] Hello there! [whispers] Buy now.', 'v3')).toBe('Hello there! Buy now.');
    expect(spokenText('[excited] Hello', 'v2')).toBe('[excited] Hello');
  });
});
