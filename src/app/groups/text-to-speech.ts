import { textToSpeechRoutes } from '../../api/routes/text-to-speech.js';
import { textToSpeechOperations } from '../../api/schemas/responses/text-to-speech.js';
import { ttsToWire, ttsSummary } from '../../api/wire/text-to-speech.js';
import { ttsKind } from '../../domain/speech/tts-kind.js';
import { TextToSpeechService } from '../../domain/speech/tts-service.js';
import { textToSpeechJob } from '../../jobs/handlers/text-to-speech.js';
import { defineGroup } from './group.js';

export const textToSpeech = defineGroup({
  name: 'Text to Speech',
  kinds: [{ kind: ttsKind, toWire: ttsToWire, summary: ttsSummary }],
  operations: textToSpeechOperations,
  build: (p) => {
    const tts = new TextToSpeechService(p.tasks, p.speech.voices);
    return {
      services: { tts },
      routes: (app) => textToSpeechRoutes(app, { tts, blobs: p.blobs, publicBaseUrl: p.config.publicBaseUrl }),
      jobs: [textToSpeechJob({ speech: p.speech.synthesizer, blobs: p.blobs })],
    };
  },
});
