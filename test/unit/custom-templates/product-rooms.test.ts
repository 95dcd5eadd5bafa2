import { describe, expect, it } from 'vitest';
import type { AdAnalysis } from '../../../src/domain/ad-clone/ad-analysis.js';
import type { Template } from '../../../src/domain/custom-templates/template-format.js';
import { scriptPatternOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';
import { cloneTemplate } from '../../../src/pipelines/ad-clone/clone-template.js';
import { productRooms } from '../../../src/pipelines/custom-templates/product-room.js';
import { loadTemplateCatalog } from '../../../src/pipelines/custom-templates/template-files.js';
import { captionTrack, type ResolvedSlot } from '../../../src/pipelines/custom-templates/template-timeline.js';
import { captionRect } from '../../../src/pipelines/video/layout-zones.js';
import { overlaps, type FrameRect } from '../../../src/pipelines/video/product-area.js';

/** Every slot filled as a client would: still pictures, the voiceover spoken (its default words, timed evenly). */
function filled(template: Template): Map<string, ResolvedSlot> {
  const slots = new Map<string, ResolvedSlot>();
  for (const [name, slot] of Object.entries(template.slots)) {
    if (slot.type === 'image' || slot.type === 'video') slots.set(name, { type: slot.type, path: `/p/${name}.png`, isVideo: false });
    if (slot.type === 'voiceover') {
      const words = (slot.default ?? 'Meet the bottle that keeps up with you all day').split(/\s+/).filter(Boolean);
      slots.set(name, {
        type: 'voiceover',
        text: words.join(' '),
        speech: {
          path: '/v.mp3',
          durationSeconds: words.length * 0.4,
          words: words.map((word, i) => ({ word, startSeconds: i * 0.4, endSeconds: i * 0.4 + 0.35 })),
        },
      });
    }
  }
  return slots;
}

/**
 * Background pictures the templates lay a presenter, a full panel or a centred card over: a room or
 * a colour behind them, not a product. (Elsewhere a background in which the cut-out finds nothing is
 * shown as placed, with its move: only a found product is framed into its room.)
 */
const BACKDROPS = [
  'DYOA: Avatar and Product: 0 background',
  'Event Announcement: 1 background',
  'Event Announcement: 0 background',
  'DYOA: Talking Avatar: 0 background',
];

const rect = (b: { x: number; y: number; width: number; height: number }): FrameRect => ({ x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height });
const show = (r: FrameRect) => `${r.x0.toFixed(3)},${r.y0.toFixed(3)}–${r.x1.toFixed(3)},${r.y1.toFixed(3)}`;

describe('Custom Templates and DYOA: where a picture shows its product, nothing is laid over it (planned boxes, every built-in template)', async () => {
  const catalog = await loadTemplateCatalog('/nonexistent-operator-dir', () => {});

  it('the catalog is all here', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(20);
  });

  for (const { template } of catalog) {
    it(`${template.name} (${template.aspect}): no text, panel, presenter or caption box meets a picture's product place`, () => {
      const slots = filled(template);
      const setting = captionTrack({ template, slots })?.setting ?? null;
      const captions = setting ? captionRect(template.aspect, setting) : null;
      const rooms = productRooms(template, () => true, setting);
      template.scenes.forEach((scene, i) => {
        const room = rooms[i]!;
        const places: { what: string; place: FrameRect; from: number }[] = [];
        // A still background: its product's place, through its move (the room's keep), or — when nothing lies over it — the frame.
        if ('slot' in scene.background && scene.background.fit === 'crop')
          places.push({ what: 'background', place: room.background?.keep ?? { x0: 0, y0: 0, x1: 1, y1: 1 }, from: 0 });
        scene.layers.forEach((layer, j) => {
          if (layer.kind !== 'image' || layer.shape === 'circle') return;
          const r = room.layers.get(j);
          const area = rect(layer.box);
          const place = r
            ? {
                x0: area.x0 + r.keep.x0 * (area.x1 - area.x0),
                y0: area.y0 + r.keep.y0 * (area.y1 - area.y0),
                x1: area.x0 + r.keep.x1 * (area.x1 - area.x0),
                y1: area.y0 + r.keep.y1 * (area.y1 - area.y0),
              }
            : area;
          places.push({ what: `layer ${j} (${layer.slot})`, place, from: j + 1 });
        });
        for (const p of places) {
          const over = [
            ...scene.layers.slice(p.from).map((l, k) => ({ what: `layer ${p.from + k} (${l.kind})`, r: rect(l.box) })),
            ...(captions ? [{ what: 'captions', r: captions }] : []),
          ].filter((o) => overlaps(o.r, p.place));
          const moved = p.what === 'background' ? room.background !== null : room.layers.has(Number(p.what.split(' ')[1]));
          // A picture with too little room left for a product is a backdrop: it is named here, so a new one is looked at.
          if (over.length > 0 && !moved) {
            expect(BACKDROPS, `scene ${i} ${p.what} ${show(p.place)} under ${over.map((o) => o.what).join(', ')}`).toContain(
              `${template.name}: ${i} ${p.what}`,
            );
            continue;
          }
          if (moved) expect((p.place.x1 - p.place.x0) * (p.place.y1 - p.place.y0), `scene ${i} ${p.what}: its room ${show(p.place)}`).toBeGreaterThan(0.04);
          for (const o of over) expect.fail(`scene ${i} ${p.what} ${show(p.place)}: ${o.what} ${show(o.r)} over it`);
        }
      });
    });
  }

  it('before and after: how many built-in pictures had something laid over them, how many now keep their product clear', () => {
    let pictures = 0;
    let coveredBefore = 0;
    let moved = 0;
    for (const { template } of catalog) {
      const slots = filled(template);
      const setting = captionTrack({ template, slots })?.setting ?? null;
      const captions = setting ? captionRect(template.aspect, setting) : null;
      const rooms = productRooms(template, () => true, setting);
      for (const [i, scene] of template.scenes.entries()) {
        const above = (from: number) => [...scene.layers.slice(from).map((l) => rect(l.box)), ...(captions ? [captions] : [])];
        const pics = [
          ...('slot' in scene.background ? [{ area: { x0: 0, y0: 0, x1: 1, y1: 1 }, from: 0 }] : []),
          ...scene.layers.flatMap((l, j) => (l.kind === 'image' ? [{ area: rect(l.box), from: j + 1 }] : [])),
        ];
        pictures += pics.length;
        coveredBefore += pics.filter((p) => above(p.from).some((o) => overlaps(o, p.area))).length;
        moved += (rooms[i]!.background ? 1 : 0) + rooms[i]!.layers.size;
      }
    }
    console.log(
      `built-in templates: ${pictures} pictures in scenes; before, ${coveredBefore} had text, a panel, a presenter or captions over them; now ${moved} keep their product in the free part, ${BACKDROPS.length} are backdrops`,
    );
    expect(moved + BACKDROPS.length).toBe(coveredBefore);
  });
});

describe("Ad Clone: the reference's text keeps its place, the product moves clear of it (planned boxes)", () => {
  const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });
  const words = [w('Cold', 0, 0.4), w('all', 0.4, 0.6), w('day.', 0.6, 1), w('Shop', 1.4, 1.7), w('now.', 1.7, 2)];
  const shots = [0, 1, 2].map((index) => ({ index, startSeconds: index * 1.5, endSeconds: index * 1.5 + 1.5, durationSeconds: 1.5 }));
  // A title big across the middle of every shot and large captions under it: a band above them is all that is left.
  const analysis = {
    durationSeconds: 4.5,
    widthPx: 180,
    heightPx: 320,
    shots,
    pacing: { shotCount: 3, averageShotSeconds: 1.5, shortestShotSeconds: 1.5, longestShotSeconds: 1.5, cutsPerMinute: 40 },
    texts: shots.map((s) => ({
      shotIndex: s.index,
      atSeconds: s.startSeconds + 0.5,
      text: 'TRAIL READY',
      box: { x: 0.15, y: 0.4, width: 0.7, height: 0.05 },
      color: '#ffd400',
      words: 2,
      lines: 1,
      role: 'title' as const,
    })),
    captionLook: {
      position: { x: 0, y: 0.12 },
      region: 'bottom' as const,
      color: '#ffffff',
      case: 'upper' as const,
      wordsPerLine: 3,
      textHeight: 0.035,
      lineWidth: 0.7,
      shotShare: 1,
    },
    transcript: null,
    script: scriptPatternOf(words),
    energy: { meanDb: -20, voiceDb: -18, backgroundDb: null, speechShare: 0.8, level: 'moderate' as const, curveDb: [] },
  } satisfies AdAnalysis;

  for (const aspect of ['9:16', '16:9', '1:1'] as const) {
    it(`${aspect}: every shot's picture gets a room clear of the title and the captions, through its move`, () => {
      const script = 'Cold all day. Shop now.';
      const { template } = cloneTemplate({ analysis, aspect, pictureCount: 2, script, lines: ['TrailFlask'], seed: 3 });
      const slots = new Map<string, ResolvedSlot>([
        ['Picture 1', { type: 'image', path: '/p1.png' }],
        ['Picture 2', { type: 'image', path: '/p2.png' }],
        ['Script', { type: 'voiceover', text: script, speech: { path: '/v.mp3', durationSeconds: 2, words } }],
      ]);
      const setting = captionTrack({ template, slots })?.setting ?? null;
      const captions = setting ? captionRect(aspect, setting) : null;
      const rooms = productRooms(template, () => true, setting);
      template.scenes.forEach((scene, i) => {
        const room = rooms[i]!.background;
        expect(
          room,
          `shot ${i}: a room for the product beside ${scene.layers.map((l) => show(rect(l.box))).join(', ')} and captions ${captions ? show(captions) : 'none'}`,
        ).not.toBeNull();
        for (const o of [...scene.layers.map((l) => rect(l.box)), ...(captions ? [captions] : [])])
          expect(overlaps(o, room!.keep), `shot ${i}: ${show(o)} over the room ${show(room!.keep)}`).toBe(false);
      });
    });
  }
});
