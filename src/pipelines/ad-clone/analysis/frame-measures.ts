/**
 * Measures between the thumbnails of two frames that shot detection (`shot-boundaries.ts`) reads:
 * how different they are, how much of that motion explains, how much of the picture changed,
 * and where between two frames a change sits. Thumbnails are `side` × `side` RGB, 0–255.
 */

/** The picture is cut into GRID × GRID blocks for what changed and what moved. */
const GRID = 4;
/** Thumbnail pixels a block may shift between two frames of one shot (about 6 % of the frame), searched in half pixels. */
const MAX_SHIFT = 2;
/** A block whose mean difference is at least this has changed (0–255). */
const BLOCK_CHANGED = 12;

/** Mean absolute difference over every channel of every pixel (0–255). */
export function meanAbsDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/**
 * The difference of `b` from `a` when each block of the picture (GRID × GRID) may have moved on its
 * own by up to MAX_SHIFT thumbnail pixels each way (in half pixels, `a` sampled bilinearly): what
 * motion cannot explain. A still panned in whole source pixels jumps a fraction of a thumbnail
 * pixel at a time, under captions that stay put; a cut is explained by no shift.
 */
export function shiftedDifference(a: Uint8Array, b: Uint8Array, side: number): number {
  const block = Math.max(1, Math.ceil(side / GRID));
  const best = new Float64Array(GRID * GRID).fill(Number.POSITIVE_INFINITY);
  const sums = new Float64Array(GRID * GRID);
  const counts = new Float64Array(GRID * GRID);
  for (let sy = -2 * MAX_SHIFT; sy <= 2 * MAX_SHIFT; sy++) {
    for (let sx = -2 * MAX_SHIFT; sx <= 2 * MAX_SHIFT; sx++) {
      const dx = sx / 2;
      const dy = sy / 2;
      sums.fill(0);
      counts.fill(0);
      for (let y = Math.max(0, Math.ceil(dy)); y < Math.min(side, side + Math.floor(dy)); y++) {
        const ay = y - dy;
        const y0 = Math.floor(ay);
        const fy = ay - y0;
        const y1 = Math.min(side - 1, y0 + 1);
        const rowBlock = Math.floor(y / block) * GRID;
        for (let x = Math.max(0, Math.ceil(dx)); x < Math.min(side, side + Math.floor(dx)); x++) {
          const ax = x - dx;
          const x0 = Math.floor(ax);
          const fx = ax - x0;
          const x1 = Math.min(side - 1, x0 + 1);
          const p00 = (y0 * side + x0) * 3;
          const p01 = (y0 * side + x1) * 3;
          const p10 = (y1 * side + x0) * 3;
          const p11 = (y1 * side + x1) * 3;
          const pb = (y * side + x) * 3;
          let sum = 0;
          for (let c = 0; c < 3; c++) {
            const top = a[p00 + c]! + (a[p01 + c]! - a[p00 + c]!) * fx;
            const bottom = a[p10 + c]! + (a[p11 + c]! - a[p10 + c]!) * fx;
            sum += Math.abs(top + (bottom - top) * fy - b[pb + c]!);
          }
          const k = rowBlock + Math.floor(x / block);
          sums[k]! += sum;
          counts[k]! += 3;
        }
      }
      for (let k = 0; k < best.length; k++) if (counts[k]! > 0) best[k] = Math.min(best[k]!, sums[k]! / counts[k]!);
    }
  }
  const explained = [...best].filter(Number.isFinite);
  return explained.reduce((x, y) => x + y, 0) / Math.max(1, explained.length);
}

/** Share of the thumbnail's GRID×GRID blocks whose mean difference is large (a cut changes most of them). */
export function changedShare(a: Uint8Array, b: Uint8Array, side: number): number {
  const block = Math.max(1, Math.floor(side / GRID));
  let changed = 0;
  for (let by = 0; by < GRID; by++) {
    for (let bx = 0; bx < GRID; bx++) {
      let sum = 0;
      let count = 0;
      for (let y = by * block; y < Math.min(side, (by + 1) * block); y++) {
        for (let x = bx * block; x < Math.min(side, (bx + 1) * block); x++) {
          const p = (y * side + x) * 3;
          sum += Math.abs(a[p]! - b[p]!) + Math.abs(a[p + 1]! - b[p + 1]!) + Math.abs(a[p + 2]! - b[p + 2]!);
          count += 3;
        }
      }
      if (count && sum / count >= BLOCK_CHANGED) changed++;
    }
  }
  return changed / (GRID * GRID);
}

/**
 * Where between frames `from` and `to` the picture turns from the one into the other: each frame
 * projected on the line from the first to the last (its share of the way, 0..1); the change sits
 * `from` + the sum of the shares still to go. `rampFrames`: frames part-way (a cut has none).
 */
export function placeChange(frame: (i: number) => Uint8Array, from: number, to: number, size: number): { at: number; rampFrames: number } {
  const a = frame(from);
  const b = frame(to);
  let norm = 0;
  for (let p = 0; p < size; p++) norm += (b[p]! - a[p]!) ** 2;
  if (norm === 0) return { at: (from + to) / 2, rampFrames: 0 };
  let toGo = 0;
  let ramp = 0;
  for (let i = from + 1; i < to; i++) {
    const f = frame(i);
    let dot = 0;
    for (let p = 0; p < size; p++) dot += (f[p]! - a[p]!) * (b[p]! - a[p]!);
    const share = Math.min(1, Math.max(0, dot / norm));
    toGo += 1 - share;
    if (share > 0.15 && share < 0.85) ramp++;
  }
  // Frames from+1 … to−1 each add what they still lack; a step at frame c adds c − (from + 1).
  return { at: from + 1 + toGo, rampFrames: ramp };
}
