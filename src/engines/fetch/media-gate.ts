import { Transform, type TransformCallback } from 'node:stream';
import { FetchRefused } from '../../core/errors.js';
import { acceptanceProblem, effectiveType } from './media-types.js';
import { tooLarge } from './messages.js';
import type { MediaKind } from './port.js';
import { SNIFF_BYTES } from './sniff.js';

/**
 * Sits between the response and wherever the body goes. It stops the stream as soon as the body
 * passes the size limit (content-length can be absent or wrong), and it holds back the first
 * bytes until they show what the file is (a generic type says nothing; a specific one may be
 * wrong), so a refused file never reaches the destination.
 */
export class MediaGate extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private decided = false;
  private receivedBytes = 0;
  contentType: string;

  constructor(
    private readonly declaredType: string,
    private readonly accept: MediaKind[] | undefined,
    private readonly maxBytes: number,
  ) {
    super();
    this.contentType = declaredType;
  }

  get sizeBytes(): number {
    return this.receivedBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.receivedBytes += chunk.length;
    if (this.receivedBytes > this.maxBytes) {
      callback(new FetchRefused(tooLarge(this.maxBytes)));
      return;
    }
    if (this.decided) {
      callback(null, chunk);
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < SNIFF_BYTES) callback();
    else this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decided) callback();
    else this.decide(callback);
  }

  private decide(callback: TransformCallback): void {
    const head = Buffer.concat(this.held);
    this.held = [];
    this.contentType = effectiveType(this.declaredType, head);
    const problem = acceptanceProblem(this.contentType, this.accept);
    if (problem) {
      callback(new FetchRefused(problem));
      return;
    }
    this.decided = true;
    callback(null, head);
  }
}
