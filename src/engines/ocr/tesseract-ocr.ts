import { execFile } from 'node:child_process';
import { OcrError, type OcrRequest, type OcrWord, type TextRecognizer } from './port.js';
import { parseTesseractTsv } from './tesseract-tsv.js';

const TIMEOUT_MS = 60_000;

/** The arguments of one read: sparse text (captions and titles sit anywhere), TSV with boxes on stdout. */
export function tesseractArgs(imagePath: string, language = 'eng'): string[] {
  return [imagePath, 'stdout', '-l', language, '--psm', '11', 'tsv'];
}

/**
 * Tesseract OCR (Debian `tesseract-ocr` + `tesseract-ocr-eng`, Apache-2.0), run as a process per
 * picture; its TSV output gives each word's box and confidence.
 */
export function createTesseractOcr(opts: { command?: string } = {}): TextRecognizer {
  const command = opts.command ?? 'tesseract';
  return {
    id: 'tesseract',
    recognize(req: OcrRequest): Promise<OcrWord[]> {
      return new Promise((resolve, reject) => {
        execFile(
          command,
          tesseractArgs(req.imagePath, req.language),
          { signal: req.signal, timeout: TIMEOUT_MS, maxBuffer: 16 << 20, env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
          (err, stdout, stderr) => {
            if (err) {
              if (req.signal?.aborted) return reject(req.signal.reason ?? err);
              const code = (err as NodeJS.ErrnoException).code;
              return reject(
                new OcrError(
                  code === 'ENOENT' ? `${command} is not installed (Debian tesseract-ocr)` : `${command} failed`,
                  String(stderr).trim().split('\n').slice(-5).join('\n'),
                ),
              );
            }
            resolve(parseTesseractTsv(String(stdout), req.minConfidence));
          },
        );
      });
    },
  };
}
