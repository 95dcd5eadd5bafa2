import { abortError } from '../ffmpeg/errors.js';
import { decodeForDetection } from './decode-image.js';
import { loadFaceApi, type NetName } from './face-api-loader.js';
import type { DetectedFace, DetectOptions, FaceEngine, FaceImageInput, Point } from './port.js';

/**
 * The real face engine: @vladmandic/face-api (SSD MobileNet v1 or Tiny Face Detector, the
 * 68-point landmark net and the ResNet-34-like recognition net) on TensorFlow.js WASM. The
 * library is loaded on the first call, not at start-up, so processes that never see a face do
 * not pay for it. Calls run one at a time: the WASM backend is single-threaded, so running two
 * at once would only add memory.
 */
export function createFaceApiEngine(): FaceEngine {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    detect(input, opts = {}) {
      const run = queue.then(() => detectNow(input, opts));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

async function detectNow(input: FaceImageInput, opts: DetectOptions): Promise<DetectedFace[]> {
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const detector = opts.detector ?? 'ssd';
  const minScore = opts.minScore ?? 0.5;
  const [{ faceapi, ensureNets }, pixels] = await Promise.all([loadFaceApi(), decodeForDetection(input)]);
  const nets: NetName[] = [detector === 'ssd' ? 'ssdMobilenetv1' : 'tinyFaceDetector', 'faceLandmark68Net'];
  if (opts.withDescriptors) nets.push('faceRecognitionNet');
  await ensureNets(nets);
  if (opts.signal?.aborted) throw abortError(opts.signal);

  const options =
    detector === 'ssd'
      ? new faceapi.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: 20 })
      : new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minScore });
  const tensor = faceapi.tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32');
  try {
    const withLandmarks = faceapi.detectAllFaces(tensor as never, options).withFaceLandmarks();
    const results = opts.withDescriptors ? await withLandmarks.withFaceDescriptors() : await withLandmarks;
    const k = pixels.scaleToInput;
    return results
      .map((r): DetectedFace => {
        const box = r.detection.box;
        const face: DetectedFace = {
          box: { x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k },
          score: r.detection.score,
          landmarks68: r.landmarks.positions.map((p): Point => [p.x * k, p.y * k]),
        };
        if ('descriptor' in r) face.descriptor = r.descriptor as Float32Array;
        return face;
      })
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}
