import type { PixelBox } from '../../../../core/raster.js';
import { fromOklch, mixHex, rgba } from '../../backgrounds/colour.js';
import { accentColour, finish, lightColour, lightFloor, paintJunction, paintWall, wallColour, type Painting } from './painting.js';

/** Seamless studio sweep: one colour from wall to floor, a soft pool of light, the floor line barely there. */
export function paintStudio(p: Painting): void {
  const { ctx, W, H, layout, choice } = p;
  const wall = wallColour(choice);
  paintWall(p, wall, H);
  // The sweep: the floor is the same paper, a touch lighter where the light falls, with a soft bend.
  const bend = ctx.createLinearGradient(0, layout.horizonY - H * 0.08, 0, H);
  bend.addColorStop(0, 'rgba(0,0,0,0)');
  bend.addColorStop(0.22, 'rgba(0,0,0,0.07)');
  bend.addColorStop(0.4, rgba(lightColour(choice), 0.1));
  bend.addColorStop(1, 'rgba(0,0,0,0.12)');
  ctx.fillStyle = bend;
  ctx.fillRect(0, layout.horizonY - H * 0.08, W, H);
  paintJunction(p, 0.05);
  const lx = choice.lightX * W;
  const glow = ctx.createRadialGradient(lx, layout.horizonY * 0.7, 0, lx, layout.horizonY * 0.7, H * 0.7);
  glow.addColorStop(0, rgba(lightColour(choice), 0.35));
  glow.addColorStop(1, rgba(lightColour(choice), 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, W, H);
  finish(p, 0.26, 2);
}

/** Colour block: a tint of the product's own hue, a complementary disc behind it, a floor of a deeper tint. */
export function paintPaletteBackdrop(p: Painting): void {
  const { ctx, W, H, layout, choice, rng } = p;
  const wall = wallColour(choice);
  paintWall(p, wall);
  const box = layout.product;
  const cx = box.x + box.width / 2 + (rng.next() - 0.5) * box.width * 0.8;
  const r = Math.min(W, H) * (0.26 + rng.next() * 0.08);
  const cy = layout.horizonY - r * (0.35 + rng.next() * 0.3);
  const accent = accentColour(choice);
  const disc = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
  disc.addColorStop(0, mixHex(accent, '#ffffff', 0.15));
  disc.addColorStop(1, accent);
  ctx.fillStyle = disc;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  // A thin ring in the wall's darker tone, offset: a designed layout rather than a lone circle.
  ctx.strokeStyle = rgba(wallColour(choice, -0.15, 1.3), 0.6);
  ctx.lineWidth = Math.max(1.5, r * 0.025);
  ctx.beginPath();
  ctx.arc(cx + r * (rng.next() > 0.5 ? 0.5 : -0.5), cy - r * 0.25, r * 0.75, 0, Math.PI * 2);
  ctx.stroke();
  // The floor only a small step from the wall: a deeper tint would drift back toward the product's own tone.
  const floor = wallColour(choice, choice.lightness > 0.5 ? -0.05 : -0.02, 1.1);
  const g = ctx.createLinearGradient(0, layout.horizonY, 0, H);
  g.addColorStop(0, mixHex(floor, '#000000', 0.05));
  g.addColorStop(1, floor);
  ctx.fillStyle = g;
  ctx.fillRect(0, layout.horizonY, W, H - layout.horizonY);
  lightFloor(p, 0.7);
  paintJunction(p, 0.12);
  finish(p, 0.18, 2);
}

/** Wall with an arch niche, floor, and a lit cylinder podium under the product (a smaller one under a showcase). */
export function paintPodium(p: Painting): void {
  const { ctx, W, H, layout, choice, rng } = p;
  paintWall(p, wallColour(choice));
  const box = layout.product;
  const cx = box.x + box.width / 2;
  const rx = Math.max(box.width * 0.85, W * 0.1);
  // The arch: a tall rounded niche in the accent tone behind the podium.
  const archW = rx * (2.3 + rng.next() * 0.5);
  const archTop = Math.max(H * 0.06, box.y - H * 0.08);
  const archX = cx - archW / 2 + (rng.next() - 0.5) * rx * 0.8;
  const archColour = choice.mood.includes('minimal') ? wallColour(choice, -0.05) : mixHex(accentColour(choice), wallColour(choice), 0.45);
  ctx.fillStyle = archColour;
  ctx.beginPath();
  ctx.moveTo(archX, layout.horizonY);
  ctx.lineTo(archX, archTop + archW / 2);
  ctx.arc(archX + archW / 2, archTop + archW / 2, archW / 2, Math.PI, 0);
  ctx.lineTo(archX + archW, layout.horizonY);
  ctx.closePath();
  ctx.fill();
  const archShade = ctx.createLinearGradient(archX, 0, archX + archW, 0);
  const fromLeft = choice.lightX < 0.5;
  archShade.addColorStop(fromLeft ? 0 : 1, 'rgba(0,0,0,0.1)');
  archShade.addColorStop(fromLeft ? 1 : 0, 'rgba(255,255,255,0.08)');
  ctx.fillStyle = archShade;
  ctx.fill();

  const floor = wallColour(choice, -0.06);
  ctx.fillStyle = floor;
  ctx.fillRect(0, layout.horizonY, W, H - layout.horizonY);
  lightFloor(p, 0.8);
  paintJunction(p, 0.14);

  const podiumColour = choice.surfaceColour ?? (choice.lightness > 0.5 ? wallColour(choice, 0.08, 0.6) : wallColour(choice, 0.2, 0.7));
  if (layout.showcase && layout.showcaseLiftPx > 0) {
    const s = layout.showcase;
    drawCylinder(p, s.x + s.width / 2, Math.max(s.width * 0.8, rx * 0.6), s.y + s.height, layout.baseY, mixHex(podiumColour, accentColour(choice), 0.25));
  }
  drawCylinder(p, cx, rx, box.y + box.height, layout.baseY, podiumColour);
  finish(p, 0.22, 2);
}

/** A cylinder standing on the floor at `floorY`, its top face centred under `topY` (where the product stands). */
function drawCylinder(p: Painting, cx: number, rx: number, topY: number, floorY: number, colour: string): void {
  const { ctx, choice } = p;
  const ry = rx * 0.17;
  const topC = topY - ry * 0.25;
  const botC = floorY;
  // Its own shadow on the floor, away from the light.
  const away = (0.5 - choice.lightX) * rx * 0.8;
  const sh = ctx.createRadialGradient(cx + away, botC, 0, cx + away, botC, rx * 1.35);
  sh.addColorStop(0, 'rgba(0,0,0,0.35)');
  sh.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.save();
  ctx.translate(0, botC);
  ctx.scale(1, 0.22);
  ctx.translate(0, -botC);
  ctx.fillStyle = sh;
  ctx.fillRect(cx - rx * 2.5, botC - rx * 1.5, rx * 5, rx * 3);
  ctx.restore();

  const body = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
  const lit = mixHex(colour, lightColour(choice), 0.35);
  const dark = mixHex(colour, '#000000', 0.3);
  const litAt = Math.max(0.15, Math.min(0.85, choice.lightX));
  body.addColorStop(0, litAt < 0.5 ? mixHex(colour, dark, 0.3) : dark);
  body.addColorStop(litAt, lit);
  body.addColorStop(1, litAt < 0.5 ? dark : mixHex(colour, dark, 0.3));
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.moveTo(cx - rx, topC);
  ctx.lineTo(cx - rx, botC);
  ctx.ellipse(cx, botC, rx, ry, 0, Math.PI, 0, true);
  ctx.lineTo(cx + rx, topC);
  ctx.closePath();
  ctx.fill();
  const top = ctx.createLinearGradient(0, topC - ry, 0, topC + ry);
  top.addColorStop(0, mixHex(colour, '#ffffff', 0.35));
  top.addColorStop(1, mixHex(colour, lightColour(choice), 0.2));
  ctx.fillStyle = top;
  ctx.beginPath();
  ctx.ellipse(cx, topC, rx, ry, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = rgba('#ffffff', 0.35);
  ctx.lineWidth = Math.max(1, rx * 0.01);
  ctx.beginPath();
  ctx.ellipse(cx, topC, rx, ry, 0, 0, Math.PI);
  ctx.stroke();
}

/** Glossy floor: the wall mirrored into it, a light band at the horizon; the product's mirror comes with the shadow layer. */
export function paintReflectionFloor(p: Painting): void {
  const { ctx, W, H, layout, choice } = p;
  const dark = choice.lightness < 0.5;
  const wall = wallColour(choice);
  paintWall(p, wall);
  const box = layout.product;
  const gx = box.x + box.width / 2,
    gy = box.y + box.height * 0.45;
  const glow = ctx.createRadialGradient(gx, gy, 0, gx, gy, Math.max(box.height, box.width) * 1.1);
  glow.addColorStop(0, rgba(fromOklch({ l: Math.min(0.95, choice.lightness + 0.3), c: choice.chroma * 1.5 + 0.02, h: choice.hue }), dark ? 0.55 : 0.4));
  glow.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, W, layout.horizonY);
  const wallImage = ctx.getImageData(0, 0, W, layout.horizonY);
  // Mirror the wall into the floor, row for row, fading and darkening with distance.
  const floorH = H - layout.horizonY;
  const floor = ctx.createImageData(W, floorH);
  for (let r = 0; r < floorH; r++) {
    const srcY = Math.max(0, layout.horizonY - 1 - Math.floor(r * 1.6));
    const fade = 0.55 * Math.exp(-r / (floorH * 0.5)) + (dark ? 0.08 : 0.25);
    const base = dark ? 12 : 200;
    for (let x = 0; x < W; x++) {
      const s = (srcY * W + x) * 4,
        t = (r * W + x) * 4;
      for (let c = 0; c < 3; c++) floor.data[t + c] = base * (1 - fade) + wallImage.data[s + c]! * fade;
      floor.data[t + 3] = 255;
    }
  }
  ctx.putImageData(floor, 0, layout.horizonY);
  ctx.filter = `blur(${Math.max(1, Math.round(H * 0.004))}px)`;
  ctx.drawImage(ctx.canvas, 0, layout.horizonY, W, floorH, 0, layout.horizonY, W, floorH);
  ctx.filter = 'none';
  // The sheen: a bright thin band where the floor's edge catches the light.
  const band = ctx.createLinearGradient(0, layout.horizonY - 1, 0, layout.horizonY + H * 0.03);
  band.addColorStop(0, rgba(lightColour(choice), dark ? 0.45 : 0.6));
  band.addColorStop(1, rgba(lightColour(choice), 0));
  ctx.fillStyle = band;
  ctx.fillRect(0, layout.horizonY, W, H * 0.03);
  lightFloor(p, 0.6);
  finish(p, dark ? 0.35 : 0.18, 2);
}

export type { PixelBox };
