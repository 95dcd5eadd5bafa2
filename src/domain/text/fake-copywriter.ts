import type { LinkFacts } from '../links/link-facts.js';
import type { Copywriter, WrittenScript } from './ai-script-service.js';

/**
 * A `Copywriter` for unit tests: a few named styles and languages, and scripts that say what they
 * were asked (style, length, language, seed, audience, title), so a test can read back what the
 * service passed. `written` records every request.
 */
export class FakeCopywriter implements Copywriter {
  readonly languages: readonly string[] = ['en', 'es'];
  readonly written: Parameters<Copywriter['write']>[0][] = [];
  private readonly styles = ['Hook', 'Story', 'Review'];

  styleName(name: string): string | null {
    return this.styles.find((s) => s.toLowerCase() === name.toLowerCase()) ?? null;
  }

  styleNames(): readonly string[] {
    return this.styles;
  }

  /** Two styles, chosen by the seed's parity. */
  defaultStyles(seed: number): string[] {
    return seed % 2 === 0 ? ['Hook', 'Story'] : ['Story', 'Review'];
  }

  language(code: string): string | null {
    const primary = code.toLowerCase().split('-')[0]!;
    return this.languages.includes(primary) ? primary : null;
  }

  features(facts: LinkFacts): string[] {
    return facts.description ? [`feature of ${facts.title}`] : [];
  }

  write(req: Parameters<Copywriter['write']>[0]): WrittenScript {
    this.written.push(req);
    const text = `${req.style} ${req.language} ${req.videoLengthSeconds}s seed ${req.seed} for ${req.audience ?? 'anyone'} on ${req.platform ?? 'any platform'}: ${req.facts.title}`;
    return {
      title: `${req.style}: ${req.facts.title}`,
      style: req.style,
      styleName: req.style,
      text,
      wordCount: text.split(' ').length,
      estimatedSeconds: req.videoLengthSeconds,
    };
  }
}
