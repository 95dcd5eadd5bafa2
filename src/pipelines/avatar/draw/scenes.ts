import { createCanvas } from '@napi-rs/canvas';
import type { SceneKind } from '../../../domain/catalog/avatars-look.js';
import { hashString, seededRandom } from '../../../core/random.js';
import { ellipse, shade, withAlpha, type Ctx } from './paint.js';
import { type GradientStop, withStops } from '../../images/canvas-paint.js';

/**
 * The avatars' settings, drawn to the frame's size (not the character's unit box) so they fill any
 * aspect ratio. Details are simple shapes, then softly blurred like a shallow depth of field, so
 * they read as a place without competing with the speaker.
 */
export function drawScene(ctx: Ctx, kind: SceneKind, width: number, height: number): void {
  const layer = createCanvas(width, height);
  const c = layer.getContext('2d');
  const rnd = seededRandom(hashString(kind));
  SCENES[kind](c, width, height, rnd);
  const blurPx = kind === 'plain' ? 0 : Math.max(1, Math.round(Math.min(width, height) * 0.006));
  ctx.save();
  if (blurPx > 0) ctx.filter = `blur(${blurPx}px)`;
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
  // A soft vignette pulls the eye to the middle.
  const v = ctx.createRadialGradient(width / 2, height * 0.45, Math.min(width, height) * 0.3, width / 2, height * 0.45, Math.max(width, height) * 0.75);
  v.addColorStop(0, 'rgba(0,0,0,0)');
  v.addColorStop(1, 'rgba(0,0,0,0.28)');
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, width, height);
}

type Painter = (c: Ctx, w: number, h: number, rnd: () => number) => void;

function vertical(c: Ctx, h: number, stops: readonly GradientStop[]): CanvasGradient {
  return withStops(c.createLinearGradient(0, 0, 0, h), stops);
}

/** The whole scene filled with a gradient from top to bottom. */
function backdrop(c: Ctx, w: number, h: number, stops: readonly GradientStop[]): void {
  c.fillStyle = vertical(c, h, stops);
  c.fillRect(0, 0, w, h);
}

function rect(c: Ctx, x: number, y: number, w: number, h: number, color: string | CanvasGradient, r = 0): void {
  c.beginPath();
  c.roundRect(x, y, w, h, r);
  c.fillStyle = color;
  c.fill();
}

function plant(c: Ctx, x: number, y: number, s: number, rnd: () => number): void {
  rect(c, x - s * 0.35, y - s * 0.5, s * 0.7, s * 0.6, '#b86b45', s * 0.08);
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (rnd() - 0.5) * 2.2;
    const len = s * (0.7 + rnd() * 0.6);
    ellipse(c, x + Math.cos(a) * len * 0.5, y - s * 0.5 + Math.sin(a) * len * 0.5, s * 0.12, len * 0.45, i % 2 ? '#3f8f4f' : '#2f7a43', a + Math.PI / 2);
  }
}

function tree(c: Ctx, x: number, y: number, s: number, color: string, rnd: () => number): void {
  rect(c, x - s * 0.06, y - s * 0.5, s * 0.12, s * 0.6, '#6b4a32');
  for (let i = 0; i < 7; i++) ellipse(c, x + (rnd() - 0.5) * s * 0.6, y - s * 0.6 - rnd() * s * 0.5, s * 0.3, s * 0.28, shade(color, (rnd() - 0.5) * 0.2));
}

const SCENES: Record<SceneKind, Painter> = {
  plain(c, w, h) {
    backdrop(c, w, h, [
      [0, '#eef2f7'],
      [1, '#c9d3df'],
    ]);
  },
  studio(c, w, h) {
    backdrop(c, w, h, [
      [0, '#2b3446'],
      [1, '#121722'],
    ]);
    const g = c.createRadialGradient(w / 2, h * 0.4, 0, w / 2, h * 0.4, Math.max(w, h) * 0.55);
    g.addColorStop(0, 'rgba(120,160,220,0.55)');
    g.addColorStop(1, 'rgba(120,160,220,0)');
    c.fillStyle = g;
    c.fillRect(0, 0, w, h);
    for (let i = 0; i < 6; i++) rect(c, w * (0.05 + i * 0.17), h * 0.72, w * 0.1, h * 0.01, 'rgba(140,190,255,0.35)');
  },
  office(c, w, h, rnd) {
    backdrop(c, w, h, [
      [0, '#e9e4dc'],
      [1, '#d2cbc0'],
    ]);
    // Window with blinds on the left, shelf and plant on the right.
    const wx = w * 0.06;
    const wy = h * 0.1;
    const ww = w * 0.26;
    const wh = h * 0.55;
    rect(
      c,
      wx,
      wy,
      ww,
      wh,
      vertical(c, h, [
        [0, '#bfe0f7'],
        [1, '#eaf5fc'],
      ]),
    );
    for (let i = 0; i < 12; i++) rect(c, wx, wy + (i * wh) / 12, ww, wh / 30, 'rgba(255,255,255,0.7)');
    rect(c, wx - 8, wy - 8, ww + 16, 16, '#f5f3ef');
    rect(c, w * 0.7, h * 0.3, w * 0.26, h * 0.02, '#8a6a4e');
    for (let i = 0; i < 7; i++)
      rect(c, w * 0.72 + i * w * 0.022, h * 0.3 - h * (0.06 + rnd() * 0.04), w * 0.018, h * 0.12, ['#c0504d', '#4f81bd', '#9bbb59', '#8064a2'][i % 4]!);
    plant(c, w * 0.88, h * 0.86, Math.min(w, h) * 0.3, rnd);
    rect(c, 0, h * 0.82, w, h * 0.18, '#b9ab98');
  },
  home(c, w, h, rnd) {
    backdrop(c, w, h, [
      [0, '#f3e3cf'],
      [1, '#e2c9ab'],
    ]);
    const frames = ['#d88c6a', '#7aa6c2', '#9cbf8a'];
    for (let i = 0; i < 3; i++) {
      const x = w * (0.08 + i * 0.1);
      const y = h * (0.15 + (i % 2) * 0.12);
      rect(c, x, y, w * 0.08, h * 0.14, '#6e4e37', 6);
      rect(c, x + 8, y + 8, w * 0.08 - 16, h * 0.14 - 16, frames[i]!);
    }
    // Lamp with a warm glow.
    const lx = w * 0.84;
    const g = c.createRadialGradient(lx, h * 0.32, 0, lx, h * 0.32, h * 0.4);
    g.addColorStop(0, 'rgba(255,220,150,0.6)');
    g.addColorStop(1, 'rgba(255,220,150,0)');
    c.fillStyle = g;
    c.fillRect(0, 0, w, h);
    c.beginPath();
    c.moveTo(lx - w * 0.05, h * 0.36);
    c.lineTo(lx + w * 0.05, h * 0.36);
    c.lineTo(lx + w * 0.03, h * 0.24);
    c.lineTo(lx - w * 0.03, h * 0.24);
    c.closePath();
    c.fillStyle = '#f7e2b5';
    c.fill();
    rect(c, lx - 4, h * 0.36, 8, h * 0.4, '#5b4636');
    rect(c, 0, h * 0.7, w, h * 0.3, '#8a5a44', 30);
    rect(c, 0, h * 0.66, w, h * 0.08, '#9b6a52', 40);
    plant(c, w * 0.1, h * 0.9, Math.min(w, h) * 0.25, rnd);
  },
  kitchen(c, w, h) {
    c.fillStyle = '#f4f1ea';
    c.fillRect(0, 0, w, h);
    const tile = Math.max(24, Math.round(Math.min(w, h) * 0.06));
    for (let y = Math.round(h * 0.35); y < h * 0.75; y += tile) {
      for (let x = 0; x < w; x += tile) {
        rect(c, x + 2, y + 2, tile - 4, tile - 4, (x / tile + y / tile) % 2 === 0 ? '#d7e8ea' : '#c4dde0', 3);
      }
    }
    for (let i = 0; i < 5; i++) rect(c, w * (0.02 + i * 0.2), h * 0.04, w * 0.18, h * 0.26, '#5f7f73', 8);
    for (let i = 0; i < 5; i++) rect(c, w * (0.1 + i * 0.2) - 20, h * 0.25, 40, 8, '#c9b27a', 4);
    rect(c, 0, h * 0.75, w, h * 0.06, '#6e5a48');
    rect(c, 0, h * 0.81, w, h * 0.19, '#5f7f73');
    ellipse(c, w * 0.15, h * 0.7, w * 0.06, h * 0.05, '#9aa3aa');
    ellipse(c, w * 0.86, h * 0.69, w * 0.05, h * 0.06, '#c0504d');
  },
  clinic(c, w, h) {
    backdrop(c, w, h, [
      [0, '#eaf4f8'],
      [1, '#cfe4ec'],
    ]);
    rect(c, w * 0.72, h * 0.12, w * 0.22, h * 0.56, '#f9fbfc', 10);
    for (let i = 0; i < 3; i++) rect(c, w * 0.735, h * (0.15 + i * 0.17), w * 0.19, h * 0.15, '#e1edf2', 6);
    const x = w * 0.14;
    const y = h * 0.28;
    const s = Math.min(w, h) * 0.12;
    rect(c, x - s * 0.5, y - s * 0.17, s, s * 0.34, '#5e9fc9', 6);
    rect(c, x - s * 0.17, y - s * 0.5, s * 0.34, s, '#5e9fc9', 6);
    rect(c, 0, h * 0.8, w, h * 0.2, '#b9d2dc');
  },
  library(c, w, h, rnd) {
    c.fillStyle = '#4a3526';
    c.fillRect(0, 0, w, h);
    const shelf = h / 4.2;
    const spines = ['#8c2f2f', '#2f5d8c', '#c9a24a', '#3d6b45', '#6b4a8c', '#a85c32', '#e0d6c2'];
    for (let row = 0; row < 5; row++) {
      const y = row * shelf + shelf * 0.15;
      let x = 0;
      while (x < w) {
        const bw = w * (0.012 + rnd() * 0.012);
        const bh = shelf * (0.6 + rnd() * 0.25);
        rect(c, x, y + shelf * 0.82 - bh, bw, bh, spines[Math.floor(rnd() * spines.length)]!);
        x += bw + 2;
      }
      rect(c, 0, y + shelf * 0.82, w, shelf * 0.1, '#6b4a32');
    }
    const g = c.createRadialGradient(w / 2, h * 0.4, 0, w / 2, h * 0.4, Math.max(w, h) * 0.6);
    g.addColorStop(0, 'rgba(255,210,140,0.25)');
    g.addColorStop(1, 'rgba(0,0,0,0.3)');
    c.fillStyle = g;
    c.fillRect(0, 0, w, h);
  },
  park(c, w, h, rnd) {
    backdrop(c, w, h, [
      [0, '#7ec3f0'],
      [0.6, '#cbe9f8'],
      [1, '#cbe9f8'],
    ]);
    for (let i = 0; i < 4; i++) {
      const x = w * (0.1 + i * 0.27);
      const y = h * (0.12 + (i % 2) * 0.08);
      for (let k = 0; k < 4; k++) ellipse(c, x + k * w * 0.03, y - (k % 2) * h * 0.02, w * 0.05, h * 0.04, 'rgba(255,255,255,0.9)');
    }
    ellipse(c, w * 0.5, h * 1.15, w * 0.9, h * 0.55, '#7fbf5a');
    for (let i = 0; i < 6; i++) tree(c, w * (0.04 + i * 0.19 + rnd() * 0.05), h * 0.72, Math.min(w, h) * (0.45 + rnd() * 0.2), '#3f8f4f', rnd);
    c.fillStyle = '#8ccc64';
    c.fillRect(0, h * 0.7, w, h * 0.3);
  },
  street(c, w, h, rnd) {
    backdrop(c, w, h, [
      [0, '#f5c9a0'],
      [1, '#f9e7cf'],
    ]);
    let x = 0;
    const colors = ['#6d7a8c', '#8c6d5f', '#5f7f8c', '#9a8a7a', '#7a6d8c'];
    while (x < w) {
      const bw = w * (0.1 + rnd() * 0.1);
      const bh = h * (0.45 + rnd() * 0.45);
      const color = colors[Math.floor(rnd() * colors.length)]!;
      rect(c, x, h - bh, bw, bh, color);
      for (let wy = h - bh + 20; wy < h * 0.78; wy += h * 0.06) {
        for (let wx = x + bw * 0.12; wx < x + bw - bw * 0.15; wx += bw * 0.25) {
          rect(c, wx, wy, bw * 0.14, h * 0.035, rnd() < 0.4 ? '#ffe7a8' : shade(color, 0.3));
        }
      }
      x += bw + 4;
    }
    rect(c, 0, h * 0.8, w, h * 0.2, '#9a9a9a');
  },
  beach(c, w, h) {
    backdrop(c, w, h, [
      [0, '#5fb3ea'],
      [0.55, '#bfe6fb'],
      [1, '#bfe6fb'],
    ]);
    ellipse(c, w * 0.8, h * 0.2, Math.min(w, h) * 0.08, Math.min(w, h) * 0.08, '#fff2b0');
    backdrop(c, w, h, [
      [0.55, '#2f8fc2'],
      [0.75, '#5bbbe0'],
    ]);
    c.fillRect(0, h * 0.55, w, h * 0.2);
    for (let i = 0; i < 12; i++) rect(c, w * (i / 12), h * (0.6 + (i % 3) * 0.04), w * 0.05, 4, 'rgba(255,255,255,0.6)');
    c.fillStyle = '#f1d9a7';
    c.fillRect(0, h * 0.75, w, h * 0.25);
  },
  space(c, w, h, rnd) {
    c.fillStyle = vertical(c, h, [
      [0, '#120b2e'],
      [1, '#2d1b5c'],
    ]);
    for (let i = 0; i < 160; i++) {
      const r = rnd() * Math.min(w, h) * 0.004 + 1;
      ellipse(c, rnd() * w, rnd() * h, r, r, withAlpha('#ffffff', 0.4 + rnd() * 0.6));
    }
    const px = w * 0.82;
    const py = h * 0.25;
    const pr = Math.min(w, h) * 0.13;
    ellipse(c, px, py, pr, pr, '#f08a5d');
    ellipse(c, px - pr * 0.3, py - pr * 0.2, pr * 0.3, pr * 0.2, '#f6b38f');
    c.beginPath();
    c.ellipse(px, py, pr * 1.7, pr * 0.35, -0.3, 0, Math.PI * 2);
    c.strokeStyle = 'rgba(255,220,180,0.8)';
    c.lineWidth = pr * 0.08;
    c.stroke();
    ellipse(c, w * 0.12, h * 0.75, pr * 0.5, pr * 0.5, '#7fd1c7');
  },
  neon(c, w, h, rnd) {
    backdrop(c, w, h, [
      [0, '#1a0b2e'],
      [1, '#3a0f4a'],
    ]);
    let x = 0;
    while (x < w) {
      const bw = w * (0.06 + rnd() * 0.08);
      const bh = h * (0.25 + rnd() * 0.4);
      rect(c, x, h * 0.78 - bh, bw, bh, '#22103a');
      c.strokeStyle = rnd() < 0.5 ? 'rgba(255,70,200,0.9)' : 'rgba(60,230,255,0.9)';
      c.lineWidth = Math.max(2, Math.min(w, h) * 0.004);
      c.strokeRect(x, h * 0.78 - bh, bw, bh);
      x += bw + w * 0.01;
    }
    // Perspective grid floor.
    c.fillStyle = '#12061f';
    c.fillRect(0, h * 0.78, w, h * 0.22);
    c.strokeStyle = 'rgba(255,70,200,0.7)';
    c.lineWidth = Math.max(1.5, Math.min(w, h) * 0.003);
    for (let i = -10; i <= 10; i++) {
      c.beginPath();
      c.moveTo(w / 2 + i * w * 0.02, h * 0.78);
      c.lineTo(w / 2 + i * w * 0.15, h);
      c.stroke();
    }
    for (let k = 1; k < 6; k++) {
      const y = h * 0.78 + (h * 0.22 * k * k) / 25;
      c.beginPath();
      c.moveTo(0, y);
      c.lineTo(w, y);
      c.stroke();
    }
  },
};
