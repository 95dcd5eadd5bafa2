import type { PixelBox } from '../../../core/raster.js';

/**
 * Where things stand in the frame. The wall meets the floor at `horizonY`; the product's base sits
 * lower, on the floor in front of the wall (`baseY`), as in a tabletop shot. Sizes follow the
 * aspect: a tall frame gives the product more of its height than a wide one can.
 */
export interface StageLayout {
  width: number;
  height: number;
  /** Where the wall meets the floor. */
  horizonY: number;
  /** Where the product's base touches the floor (a podium stands there, the product on its top). */
  baseY: number;
  /** How far a podium lifts the product (and, lower, the showcase) above `baseY`; 0 without one. */
  productLiftPx: number;
  showcaseLiftPx: number;
  product: PixelBox;
  showcase?: PixelBox;
  presenter?: PixelBox;
}

export interface LayoutInput {
  width: number;
  height: number;
  /** Sizes of the cut-outs cropped to their opaque pixels. */
  product: { width: number; height: number };
  showcase?: { width: number; height: number };
  presenter?: { width: number; height: number /** cut at the bottom (a bust), not a full figure */; cutAtBottom: boolean };
  /** A podium lifts the product: a little less height for it. */
  podium?: boolean;
}

export function planLayout(input: LayoutInput): StageLayout {
  const { width: W, height: H } = input;
  const aspect = W / H;
  const tall = aspect < 0.9;
  const baseY = Math.round(H * (tall ? 0.8 : aspect < 1.2 ? 0.84 : 0.86));
  const horizonY = Math.round(baseY - (H - baseY) * (tall ? 0.9 : 1.2));

  let heightFrac = aspect >= 1.4 ? 0.6 : aspect >= 0.95 ? 0.6 : aspect >= 0.7 ? 0.6 : 0.62;
  if (input.podium) heightFrac -= 0.12;
  if (input.presenter) heightFrac -= 0.14;
  if (input.showcase) heightFrac -= 0.04;
  const maxWidthFrac = tall ? 0.78 : 0.55;

  const gap = W * 0.04;
  type Item = { key: 'presenter' | 'product' | 'showcase'; w: number; h: number };
  const items: Item[] = [];
  const fitBox = (size: { width: number; height: number }, h: number, maxW: number) => {
    const scale = Math.min(h / size.height, maxW / size.width);
    return { w: size.width * scale, h: size.height * scale };
  };
  if (input.presenter) {
    const p = input.presenter;
    const h = p.cutAtBottom ? H * 0.8 : baseY * 0.9;
    items.push({ key: 'presenter', ...fitBox(p, h, W * (tall ? 0.5 : 0.42)) });
  }
  items.push({ key: 'product', ...fitBox(input.product, H * heightFrac, W * maxWidthFrac) });
  if (input.showcase) {
    const product = items.find((i) => i.key === 'product')!;
    items.push({ key: 'showcase', ...fitBox(input.showcase, product.h * 0.62, W * 0.3) });
  }
  // Too wide together: shrink everything alike so the group fits with its gaps.
  const room = W * 0.92 - gap * (items.length - 1);
  const total = items.reduce((s, i) => s + i.w, 0);
  if (total > room)
    for (const i of items) {
      i.w *= room / total;
      i.h *= room / total;
    }

  const groupWidth = items.reduce((s, i) => s + i.w, 0) + gap * (items.length - 1);
  let x = (W - groupWidth) / 2;
  const productLiftPx = input.podium ? Math.round(H * (tall ? 0.1 : 0.13)) : 0;
  const showcaseLiftPx = Math.round(productLiftPx * 0.55);
  const layout: StageLayout = { width: W, height: H, horizonY, baseY, productLiftPx, showcaseLiftPx, product: { x: 0, y: 0, width: 0, height: 0 } };
  for (const i of items) {
    const w = Math.max(1, Math.round(i.w)),
      h = Math.max(1, Math.round(i.h));
    let bottom = baseY - productLiftPx;
    if (i.key === 'presenter') bottom = input.presenter!.cutAtBottom ? H : Math.min(H, baseY + Math.round(H * 0.02));
    if (i.key === 'showcase') bottom = input.podium ? baseY - showcaseLiftPx : baseY - Math.round((H - baseY) * 0.15);
    layout[i.key] = { x: Math.round(x), y: bottom - h, width: w, height: h };
    x += i.w + gap;
  }
  return layout;
}
