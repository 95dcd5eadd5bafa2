import { describe, expect, it } from 'vitest';
import type { BackgroundMotion, Layer, Scene, Timeline } from '../../../src/media/timeline.js';
import type { AdPlan } from '../../../src/pipelines/video/ad-plan.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import type { Box, Decorate } from '../../../src/pipelines/video/layout-box.js';
import { captionRect, layerRect } from '../../../src/pipelines/video/layout-zones.js';
import { overlaps, rectOf, type FrameRect } from '../../../src/pipelines/video/product-area.js';
import type { ShotRequest } from '../../../src/pipelines/video/product-shot.js';
import { PUSH_DRAW_SCALE } from '../../../src/pipelines/video/push-in-shot.js';
import { LAYOUTS, visualStyleNames } from '../../../src/pipelines/video/visual-styles.js';
import { adPlanFixture } from '../../helpers/ad-plan-fixture.js';

function plan(over: Partial<AdPlan> = {}): AdPlan {
  return adPlanFixture({
    headline: 'Northpeak TrailFlask 32 oz Insulated Water Bottle with Chug Lid',
    highlights: ['Keeps drinks cold for 24 hours and hot for 12', 'Leak-proof chug lid with a carry loop', 'Fits most car cup holders'],
    priceText: '$34.95',
    cta: { title: 'Shop now', subtitle: '$34.95' },
    ...over,
  });
}

/** Names every decoration and keeps each product shot's request, as the renderer's set would. */
function recorder() {
  const shots = new Map<string, { box: Box; req: ShotRequest }>();
  let n = 0;
  const decorate = ((kind: string, box: Box, extra?: unknown) => {
    const path = `/d/${kind}-${n++}.png`;
    if (kind === 'shot') shots.set(path, { box, req: extra as ShotRequest });
    return path;
  }) as Decorate;
  return { decorate, shots };
}

/**
 * Everywhere a point of a full-frame picture can show during its move, worked out forward (the
 * layout works it backward): the renderer fits the picture to a canvas 12 % larger than the frame
 * and zooms by up to that, or pans a frame-sized window across it.
 */
function reach(r: FrameRect, motion: BackgroundMotion | null | undefined): FrameRect {
  // A push-in's shot is planned for its move: the product stays inside keep (push-in-shot.test.ts holds it to that).
  if (!motion || motion === 'push-in') return r;
  const shift = motion === 'slide-left' || motion === 'wobble' ? 0.06 : 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const k of [1, 1.12])
    for (const d of [-shift, shift]) {
      xs.push((r.x0 - 0.5) * k + 0.5 + d, (r.x1 - 0.5) * k + 0.5 + d);
      ys.push((r.y0 - 0.5) * k + 0.5 + (motion === 'wobble' ? d : 0), (r.y1 - 0.5) * k + 0.5 + (motion === 'wobble' ? d : 0));
    }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** The product's rectangles in a scene: each product shot's keep, in the frame, through its move. */
function productRects(scene: Scene, shots: Map<string, { box: Box; req: ShotRequest }>): FrameRect[] {
  const out: FrameRect[] = [];
  const bg = scene.background;
  if (bg.kind === 'image' && shots.has(bg.path)) out.push(reach(shots.get(bg.path)!.req.keep, bg.motion));
  for (const l of scene.layers ?? []) {
    if (l.kind !== 'image' || !shots.has(l.path) || !l.box) continue;
    const r = rectOf(l.position ?? { x: 0, y: 0 }, l.box);
    const k = shots.get(l.path)!.req.keep;
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    out.push({ x0: r.x0 + k.x0 * w, y0: r.y0 + k.y0 * h, x1: r.x0 + k.x1 * w, y1: r.y0 + k.y1 * h });
  }
  return out;
}

function describeRect(r: FrameRect): string {
  return `${r.x0.toFixed(3)},${r.y0.toFixed(3)}–${r.x1.toFixed(3)},${r.y1.toFixed(3)}`;
}

/** What lies over a scene: the video's layers while the scene shows, the scene's own non-product layers, the captions. */
function coverings(t: Timeline, sceneIndex: number, shots: Map<string, unknown>): { what: string; rect: FrameRect }[] {
  const start = t.scenes.slice(0, sceneIndex).reduce((a, s) => a + s.durationSeconds, 0);
  const end = start + t.scenes[sceneIndex]!.durationSeconds;
  const scene = t.scenes[sceneIndex]!;
  const isEnd = sceneIndex === t.scenes.length - 1;
  const out: { what: string; rect: FrameRect }[] = [];
  const add = (l: Layer, what: string) => {
    const r = layerRect(t.aspectRatio, l);
    if (r) out.push({ what: `${what} ${l.kind}${'path' in l ? ` ${l.path}` : ''}`, rect: r });
  };
  for (const l of t.layers ?? []) {
    // Timeline layers show from their start to their end (the whole video by default).
    if ((l.startSeconds ?? 0) < end - 0.45 && (l.endSeconds ?? Infinity) > start + 0.45) add(l, 'video layer');
  }
  for (const l of scene.layers ?? []) if (!('path' in l && shots.has(l.path))) add(l, 'scene layer');
  // Captions stop where the end card comes up.
  if (t.captions && !isEnd) {
    const r = captionRect(t.aspectRatio, t.captions.setting ?? {});
    if (r) out.push({ what: 'captions', rect: r });
  }
  return out;
}

const AVATARS = {
  none: null,
  drawn: { path: '/clips/avatar.webm', hasAlpha: true },
  photo: { path: '/clips/photo.mp4', hasAlpha: false },
};

describe('nothing over the product (planned boxes, every URL-to-video style × aspect × presenter)', () => {
  for (const name of Object.keys(LAYOUTS)) {
    for (const aspect of ['9:16', '16:9', '1:1'] as const) {
      it(`${name} ${aspect}: no label, logo, caption or presenter box meets the product's box, and the product stays in the frame`, () => {
        for (const [who, avatar] of Object.entries(AVATARS)) {
          const { decorate, shots } = recorder();
          const t = buildAdTimeline(plan({ aspectRatio: aspect }), '/plan', name, avatar, decorate);
          let productScenes = 0;
          for (const [i, scene] of t.scenes.entries()) {
            const products = productRects(scene, shots);
            if (products.length > 0) productScenes++;
            for (const p of products) {
              expect(p.x0, `${who} scene ${i}: product inside the frame`).toBeGreaterThanOrEqual(-1e-9);
              expect(p.y0).toBeGreaterThanOrEqual(-1e-9);
              expect(p.x1).toBeLessThanOrEqual(1 + 1e-9);
              expect(p.y1).toBeLessThanOrEqual(1 + 1e-9);
              for (const c of coverings(t, i, shots))
                expect(overlaps(p, c.rect), `${who} scene ${i}: ${c.what} ${describeRect(c.rect)} over the product ${describeRect(p)}`).toBe(false);
            }
          }
          // Every scene with a picture shows it as a product shot (the end card included), none as a blurred copy.
          expect(productScenes, `${who}: scenes with a product shot`).toBeGreaterThanOrEqual(2);
          for (const scene of t.scenes) {
            expect(scene.background.kind === 'image' && scene.background.fit === 'backdrop').toBe(false);
            if (scene.background.kind === 'image' && !shots.has(scene.background.path)) expect(scene.background.fit).not.toBe('contain');
          }
        }
      });
    }
  }

  it('every contract style name is drawn by one of these layouts', () => {
    expect(visualStyleNames().length).toBeGreaterThan(Object.keys(LAYOUTS).length);
  });

  it('FullScreen is full screen: every spoken scene is one frame-filling product shot with nothing under it', () => {
    for (const aspect of ['9:16', '16:9', '1:1'] as const) {
      const { decorate, shots } = recorder();
      const t = buildAdTimeline(plan({ aspectRatio: aspect }), '/plan', 'FullScreenTemplate', null, decorate);
      for (const scene of t.scenes.slice(0, -1)) {
        expect(scene.background).toMatchObject({ kind: 'image', fit: 'crop' });
        const shot = shots.get((scene.background as { path: string }).path)!;
        // A push-in's shot is drawn larger than the frame (its end is a tighter view of it).
        const side = (scene.background as { motion?: string }).motion === 'push-in' ? PUSH_DRAW_SCALE : 1;
        expect(shot.box).toEqual({ width: side, height: side });
        // The product's place (through the whole move) is a large part of the frame: on tall frames most of
        // its width and half its height; elsewhere beside the words' column or between the logo and the captions.
        const k = shot.req.keep;
        expect((k.x1 - k.x0) * (k.y1 - k.y0)).toBeGreaterThan(0.25);
        if (aspect === '9:16') expect(k.y1 - k.y0).toBeGreaterThan(0.45);
      }
    }
  });
});

describe('captions and labels clear of the presenter (planned boxes)', () => {
  const cases: [string, ('9:16' | '16:9' | '1:1')[]][] = [
    ['AvatarBubbleTemplate', ['9:16', '16:9', '1:1']],
    ['QuickTransitionTemplate', ['9:16', '16:9', '1:1']],
    ['MotionCardsTemplate', ['9:16']],
    ['TwitterFrameTemplate', ['9:16', '16:9', '1:1']],
    ['SideBySideTemplate', ['16:9', '1:1']],
  ];
  for (const [name, aspects] of cases) {
    it(`${name} ${aspects.join(', ')}: no caption, label or logo box meets the presenter's`, () => {
      for (const aspect of aspects) {
        const { decorate } = recorder();
        const t = buildAdTimeline(plan({ aspectRatio: aspect }), '/plan', name, AVATARS.drawn, decorate);
        const presenter = (t.layers ?? []).filter((l) => l.kind === 'avatar').map((l) => layerRect(aspect, l)!);
        expect(presenter.length).toBe(1);
        const words = [
          captionRect(aspect, t.captions!.setting ?? {}),
          ...(t.layers ?? []).filter((l) => l.kind !== 'avatar').map((l) => layerRect(aspect, l)),
        ].filter((r): r is FrameRect => r !== null);
        for (const w of words)
          expect(overlaps(w, presenter[0]!), `${aspect}: ${describeRect(w)} over the presenter ${describeRect(presenter[0]!)}`).toBe(false);
      }
    });
  }
});
