import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { RgbaImage } from '../../../core/raster.js';
import { decodeImage, encodePng } from '../raster-io.js';
import { cardFonts } from './card-fonts.js';

/** A satori element: the plain-object form of JSX (`{ type, props: { style, children } }`). */
export interface CardNode {
  type: string;
  props: { style?: Record<string, unknown>; children?: CardNode | string | (CardNode | string)[]; src?: string; width?: number; height?: number };
}

export const el = (
  type: string,
  style: Record<string, unknown>,
  children?: CardNode['props']['children'],
  extra: Partial<CardNode['props']> = {},
): CardNode => ({ type, props: { style, ...(children !== undefined ? { children } : {}), ...extra } });

/** A picture as a data URL, for `<img>` in a card. */
export async function dataUrlOf(img: RgbaImage): Promise<string> {
  return `data:image/png;base64,${(await encodePng(img)).toString('base64')}`;
}

/** Lays the card out with satori (flexbox → SVG with the text as paths) and rasterises it with resvg. */
export async function renderCard(node: CardNode, o: { width: number; height: number; fontFamily: string; signal?: AbortSignal }): Promise<RgbaImage> {
  const fonts = await cardFonts(o.fontFamily);
  o.signal?.throwIfAborted();
  const svg = await satori(node as never, { width: o.width, height: o.height, fonts });
  o.signal?.throwIfAborted();
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: o.width } }).render().asPng();
  return decodeImage(Buffer.from(png));
}
