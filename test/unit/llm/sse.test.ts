import { describe, expect, it } from 'vitest';
import { parseSse } from '../../../src/engines/llm/sse.js';

async function collect(chunks: (string | Uint8Array)[]) {
  async function* body() {
    for (const c of chunks) yield c;
  }
  const out = [];
  for await (const e of parseSse(body())) out.push(e);
  return out;
}

describe('parseSse', () => {
  it('reassembles events split anywhere, across CRLF, LF and CR line ends', async () => {
    const text = 'event: delta\r\ndata: {"a":1}\r\n\r\n: a comment\n\ndata: two\ndata: lines\n\nevent: done\rdata: x\r\r';
    for (const size of [1, 2, 3, 7, text.length]) {
      const chunks = [];
      for (let i = 0; i < text.length; i += size) chunks.push(new TextEncoder().encode(text.slice(i, i + size)));
      expect(await collect(chunks)).toEqual([
        { event: 'delta', data: '{"a":1}' },
        { event: 'message', data: 'two\nlines' },
        { event: 'done', data: 'x' },
      ]);
    }
  });

  it('keeps multi-byte characters split across chunks and flushes a last event without a blank line', async () => {
    const bytes = new TextEncoder().encode('data: café ☕\nid: 7');
    expect(await collect([bytes.slice(0, 10), bytes.slice(10)])).toEqual([{ event: 'message', data: 'café ☕', id: '7' }]);
  });

  it('ignores unknown fields and comment-only blocks', async () => {
    expect(await collect([': keep-alive\n\nretry: 10\n\n'])).toEqual([]);
  });
});
