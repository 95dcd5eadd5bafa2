import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../src/pipelines/links/decode-html.js';
import { bestSrcsetCandidate } from '../../../src/pipelines/links/page-media.js';
import { absoluteUrl } from '../../../src/pipelines/links/page-urls.js';
import { parseAmount } from '../../../src/pipelines/links/price-and-reviews.js';

describe('bestSrcsetCandidate', () => {
  it.each([
    ['a.jpg 400w, b.jpg 1600w, c.jpg 800w', 'b.jpg'],
    ['a.jpg, b.jpg 2x, c.jpg 1.5x', 'b.jpg'],
    ['a.jpg 1x', 'a.jpg'],
    ['only.jpg', 'only.jpg'],
    // Image CDNs put commas inside URLs; a naive split on "," would cut these apart.
    ['https://res.cdn.test/w_400,h_300/p.jpg 400w, https://res.cdn.test/w_1200,h_900/p.jpg 1200w', 'https://res.cdn.test/w_1200,h_900/p.jpg'],
    ['  a.jpg   300w ,b.jpg 600w  ', 'b.jpg'],
    ['', undefined],
  ])('%s → %s', (srcset, best) => {
    expect(bestSrcsetCandidate(srcset)).toBe(best);
  });
});

describe('parseAmount', () => {
  it.each<[unknown, number | undefined]>([
    ['19.99', 19.99],
    ['1,299.99', 1299.99],
    ['1.299,99', 1299.99],
    ['19,90 €', 19.9],
    ['$1,000', 1000],
    ['1.000.000', 1000000],
    [12, 12],
    [0, 0],
    ['free', undefined],
    [null, undefined],
    [Number.NaN, undefined],
  ])('%s → %s', (raw, amount) => {
    expect(parseAmount(raw)).toBe(amount);
  });
});

describe('absoluteUrl', () => {
  it.each([
    ['img/a.png', 'https://s.test/p/img/a.png'],
    ['/a.png', 'https://s.test/a.png'],
    ['//cdn.test/a.png', 'https://cdn.test/a.png'],
    ['http://other.test/a.png#frag', 'http://other.test/a.png'],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
    ['blob:https://s.test/uuid', null],
    ['#top', null],
    ['   ', null],
    ['http://[bad', null],
  ])('%s → %s', (raw, url) => {
    expect(absoluteUrl(raw, 'https://s.test/p/page.html')).toBe(url);
  });
});

describe('decodeHtml', () => {
  const latin1Cafe = Buffer.from('<html><title>Caf\xe9 cr\xe8me</title></html>', 'latin1');

  it('uses the charset the server declared', () => {
    expect(decodeHtml(latin1Cafe, 'iso-8859-1')).toContain('Café crème');
  });

  it('uses a <meta charset> when the server declared none', () => {
    const page = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1Cafe]);
    expect(decodeHtml(page)).toContain('Café crème');
  });

  it('honours a byte-order mark over everything else', () => {
    const page = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<title>Café</title>')]);
    expect(decodeHtml(page, 'iso-8859-1')).toBe('<title>Café</title>');
  });

  it('falls back to UTF-8 for an unknown label', () => {
    expect(decodeHtml(Buffer.from('<p>Café</p>'), 'no-such-charset')).toBe('<p>Café</p>');
  });
});
