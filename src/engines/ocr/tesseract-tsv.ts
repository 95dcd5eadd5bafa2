import type { OcrWord } from './port.js';

/** Below this confidence Tesseract's "words" are mostly texture read as letters. */
export const MIN_WORD_CONFIDENCE = 40;

/**
 * Tesseract's TSV output → words. Columns: level page_num block_num par_num line_num word_num
 * left top width height conf text; words are level 5; empty text and low-confidence reads are
 * dropped.
 */
export function parseTesseractTsv(tsv: string, minConfidence = MIN_WORD_CONFIDENCE): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split(/\r?\n/).slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const text = cols.slice(11).join('\t').trim();
    const confidence = Number(cols[10]);
    if (!text || !Number.isFinite(confidence) || confidence < minConfidence) continue;
    // A lone symbol is noise more often than a word.
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const [x, y, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    words.push({ text, confidence, box: { x, y, width, height }, line: `${cols[1]}.${cols[2]}.${cols[3]}.${cols[4]}` });
  }
  return words;
}
