/**
 * Text being rewritten for a voice that remembers, for every rewritten stretch, what it was
 * written as: "$34.95" stays the display of "thirty-four dollars and ninety-five cents" however
 * many rules rewrite it after the first. Untouched text is its own display, character for
 * character, so a later rule may match across the boundary of an earlier rewrite; the two then
 * become one rewritten stretch ("12–24 h" → "twelve to twenty-four hours").
 */
interface Piece {
  display: string;
  spoken: string;
  /** False while `spoken` is still the written text, which may then be cut anywhere. */
  rewritten: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the arguments of String.prototype.replace's replacer vary with the regex's groups.
export type Replacer = (match: string, ...groupsOffsetWhole: any[]) => string;

interface Edit {
  from: number;
  to: number;
  text: string;
  /** What the screen shows instead of the written text (`show`). */
  display?: string;
}

export class TrackedText {
  private pieces: Piece[];

  constructor(text: string) {
    this.pieces = text ? [{ display: text, spoken: text, rewritten: false }] : [];
  }

  get spoken(): string {
    return this.pieces.map((p) => p.spoken).join('');
  }

  get display(): string {
    return this.pieces.map((p) => p.display).join('');
  }

  /** The stretches as they are now: each rewritten one with its display, untouched text as itself. */
  stretches(): ReadonlyArray<Readonly<Piece>> {
    return this.pieces;
  }

  /**
   * `String.prototype.replace` over the spoken text with a global regex; the replacer gets the
   * same arguments (match, groups…, offset, whole). A replacement equal to its match is no edit.
   */
  replace(re: RegExp, replacer: string | Replacer): this {
    if (!re.global) throw new Error('TrackedText.replace needs a global regex');
    const whole = this.spoken;
    const edits: Edit[] = [];
    for (const m of whole.matchAll(re)) {
      const text =
        typeof replacer === 'string' ? replacer.replace(/\$(\d)/g, (_d, d: string) => m[Number(d)] ?? '') : replacer(m[0], ...m.slice(1), m.index, whole);
      if (text !== m[0]) edits.push({ from: m.index, to: m.index + m[0].length, text });
    }
    if (edits.length > 0) this.apply(edits);
    return this;
  }

  /**
   * Shows a written stretch in a shorter form people read at a glance ("4.7 stars" → "4.7★")
   * while the voice still says it as written; later rules rewrite what is said, not what is shown.
   */
  show(re: RegExp, display: (match: string, ...groups: string[]) => string): this {
    if (!re.global) throw new Error('TrackedText.show needs a global regex');
    const edits: Edit[] = [];
    for (const m of this.spoken.matchAll(re)) {
      const shown = display(m[0], ...m.slice(1));
      if (shown !== m[0]) edits.push({ from: m.index, to: m.index + m[0].length, text: m[0], display: shown });
    }
    if (edits.length > 0) this.apply(edits);
    return this;
  }

  private apply(edits: readonly Edit[]): void {
    this.splitUntouchedAt(edits.flatMap((e) => [e.from, e.to]));
    const spans: Array<[number, number]> = [];
    let total = 0;
    for (const p of this.pieces) {
      spans.push([total, total + p.spoken.length]);
      total += p.spoken.length;
    }
    // Edits reaching into the same pieces are applied together and make one rewritten piece;
    // `last < first` is an insertion before piece `first`.
    const clusters: Array<{ first: number; last: number; edits: Edit[] }> = [];
    for (const edit of edits) {
      const hits = spans.flatMap(([s, e], k) => ((edit.from === edit.to ? s < edit.from && edit.from < e : s < edit.to && e > edit.from) ? [k] : []));
      if (hits.length === 0) {
        const before = spans.findIndex(([s]) => s >= edit.from);
        const at = before < 0 ? spans.length : before;
        clusters.push({ first: at, last: at - 1, edits: [edit] });
        continue;
      }
      const first = hits[0]!;
      const last = hits[hits.length - 1]!;
      const prev = clusters[clusters.length - 1];
      if (prev && prev.last >= prev.first && prev.last >= first) {
        prev.last = Math.max(prev.last, last);
        prev.edits.push(edit);
      } else {
        clusters.push({ first, last, edits: [edit] });
      }
    }
    const out: Piece[] = [];
    let k = 0;
    for (const c of clusters) {
      while (k < c.first) out.push(this.pieces[k++]!);
      const covered = this.pieces.slice(c.first, c.last + 1);
      const base = spans[c.first]?.[0] ?? total;
      let spoken = covered.map((p) => p.spoken).join('');
      for (const g of [...c.edits].reverse()) spoken = spoken.slice(0, Math.max(0, g.from - base)) + g.text + spoken.slice(Math.max(0, g.to - base));
      // A shorter form replaces written text only: a stretch already rewritten keeps its display.
      const override = c.edits.length === 1 && covered.every((p) => !p.rewritten) ? c.edits[0]!.display : undefined;
      const shown = override ?? covered.map((p) => p.display).join('');
      out.push({ display: shown, spoken, rewritten: true });
      k = Math.max(k, c.last + 1);
    }
    while (k < this.pieces.length) out.push(this.pieces[k++]!);
    this.pieces = out.filter((p) => p.display !== '' || p.spoken !== '');
  }

  /** Cuts untouched pieces at these spoken offsets, so an edit's ends fall on piece boundaries. */
  private splitUntouchedAt(offsets: readonly number[]): void {
    const cuts = [...new Set(offsets)].sort((a, b) => a - b);
    const out: Piece[] = [];
    let at = 0;
    for (const p of this.pieces) {
      const end = at + p.spoken.length;
      if (p.rewritten) {
        out.push(p);
      } else {
        let from = at;
        for (const c of cuts) {
          if (c <= from || c >= end) continue;
          const text = p.spoken.slice(from - at, c - at);
          out.push({ display: text, spoken: text, rewritten: false });
          from = c;
        }
        const rest = p.spoken.slice(from - at);
        out.push({ display: rest, spoken: rest, rewritten: false });
      }
      at = end;
    }
    this.pieces = out;
  }
}
