import type { OcrRequest, OcrWord, TextRecognizer } from './port.js';

/** In-memory recogniser for unit tests: picture path → the words it "reads" (none for an unknown path). */
export class FakeOcr implements TextRecognizer {
  readonly id = 'fake' as const;
  readonly requests: OcrRequest[] = [];

  constructor(private readonly byPath: (path: string) => OcrWord[] = () => []) {}

  async recognize(req: OcrRequest): Promise<OcrWord[]> {
    this.requests.push(req);
    req.signal?.throwIfAborted();
    return this.byPath(req.imagePath);
  }
}
