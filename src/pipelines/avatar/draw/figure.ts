import type { AvatarLook } from '../../../domain/catalog/avatars-look.js';
import { luminance, mix, shade } from './paint.js';

/**
 * A character's proportions and derived colours in its own unit space: a 1000 × 1000 box with the
 * head centred at (500, 400); the body runs on below the box (frames cut it where they end).
 */
export interface Figure {
  cx: number;
  cy: number;
  /** Face half-width and half-height. */
  rx: number;
  ry: number;
  jaw: number;
  eyeY: number;
  eyeDx: number;
  eyeRx: number;
  eyeRy: number;
  browY: number;
  noseY: number;
  mouthY: number;
  mouthW: number;
  neckW: number;
  shoulderY: number;
  /** Half the shoulder width. */
  shoulderW: number;
  colors: {
    skin: string;
    skinShade: string;
    skinDeep: string;
    skinLight: string;
    lip: string;
    lipLine: string;
    hair: string;
    hairShade: string;
    hairLight: string;
    brow: string;
    facialHair: string;
    outline: string;
  };
}

export const UNIT_BOX = 1000;

export function figureFor(look: AvatarLook): Figure {
  const child = look.age === 'child';
  const teen = look.age === 'teen';
  const headScale = child ? 1.04 : teen ? 1 : 1;
  const rx = 150 * look.face.width * headScale * (child ? 1.04 : 1);
  const ry = (child ? 176 : 190) * headScale;
  const cx = 500;
  const cy = child ? 420 : 400;
  const eyeScale = child ? 1.3 : teen ? 1.12 : 1;
  const skin = look.skin;
  const dark = luminance(skin) < 0.35;
  const grey = look.hair.color;
  const lip = look.lips ?? mix(shade(skin, -0.22), '#b4505a', dark ? 0.2 : 0.38);
  return {
    cx,
    cy,
    rx,
    ry,
    jaw: look.face.jaw,
    eyeY: cy + ry * (child ? 0.06 : -0.02),
    eyeDx: rx * 0.42,
    eyeRx: rx * 0.17 * eyeScale,
    eyeRy: ry * 0.085 * eyeScale,
    browY: cy - ry * (child ? 0.16 : 0.24),
    noseY: cy + ry * (child ? 0.3 : 0.3),
    mouthY: cy + ry * (child ? 0.58 : 0.56),
    mouthW: rx * (child ? 0.44 : 0.5),
    neckW: rx * (child ? 0.72 : look.age === 'adult' || look.age === 'senior' ? 0.78 : 0.74),
    shoulderY: child ? 676 : 688,
    shoulderW: child ? 245 : teen ? 290 : 320,
    colors: {
      skin,
      skinShade: shade(skin, dark ? -0.18 : -0.12),
      skinDeep: shade(skin, dark ? -0.35 : -0.3),
      skinLight: shade(skin, dark ? 0.12 : 0.18),
      lip,
      lipLine: shade(lip, -0.35),
      hair: look.hair.color,
      hairShade: shade(look.hair.color, -0.28),
      hairLight: shade(look.hair.color, 0.22),
      brow: look.hair.brows ?? (look.age === 'senior' ? shade(grey, -0.25) : shade(look.hair.color, luminance(look.hair.color) > 0.5 ? -0.35 : -0.05)),
      facialHair: look.extras?.facialHairColor ?? look.hair.color,
      outline: shade(skin, dark ? -0.5 : -0.45),
    },
  };
}
