/**
 * A small Python program that drives libespeak-ng through ctypes and reports espeak-ng's own
 * word and phoneme events (sample positions), which its command line does not print.
 * It runs as a separate process, like the espeak-ng binary, so the GPL library is never linked
 * into the service. argv: voice, words per minute, output WAV path; the text comes on stdin;
 * the events come back as one JSON object on stdout.
 */
export const ESPEAK_EVENTS_PY = String.raw`
import ctypes, json, sys, wave
voice, wpm, out_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
text = sys.stdin.buffer.read()
lib = ctypes.CDLL("libespeak-ng.so.1")

class EventId(ctypes.Union):
    _fields_ = [("number", ctypes.c_int), ("name", ctypes.c_char_p), ("string", ctypes.c_char * 8)]

class Event(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("unique_identifier", ctypes.c_uint),
                ("text_position", ctypes.c_int), ("length", ctypes.c_int),
                ("audio_position", ctypes.c_int), ("sample", ctypes.c_int),
                ("user_data", ctypes.c_void_p), ("id", EventId)]

Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(Event))
SYNCHRONOUS, PHONEME_EVENTS, RATE, CHARS_UTF8, POS_CHARACTER = 2, 1, 1, 1, 1
EV_END, EV_WORD, EV_PHONEME = 0, 1, 7

rate = lib.espeak_Initialize(SYNCHRONOUS, 0, None, PHONEME_EVENTS)
if rate <= 0:
    sys.stderr.write("espeak-ng library failed to initialise\n"); sys.exit(2)
if lib.espeak_SetVoiceByName(voice.encode()) != 0:
    sys.stderr.write("unknown espeak-ng voice: %s\n" % voice); sys.exit(3)
lib.espeak_SetParameter(RATE, wpm, 0)

pcm, words, phones = [], [], []
def on_audio(wav, n, events):
    if wav and n > 0:
        pcm.append(ctypes.string_at(wav, n * 2))
    i = 0
    while events[i].type != EV_END:
        e = events[i]
        if e.type == EV_WORD:
            words.append([e.text_position, e.length, e.sample])
        elif e.type == EV_PHONEME:
            phones.append([e.id.string.decode("latin-1"), e.sample])
        i += 1
    return 0

keep_alive = Callback(on_audio)
lib.espeak_SetSynthCallback(keep_alive)
buf = ctypes.create_string_buffer(text)
lib.espeak_Synth(buf, len(text) + 1, 0, POS_CHARACTER, 0, CHARS_UTF8, None, None)
lib.espeak_Synchronize()
data = b"".join(pcm)
with wave.open(out_path, "wb") as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(rate); w.writeframes(data)
json.dump({"sampleRate": rate, "samples": len(data) // 2, "words": words, "phones": phones}, sys.stdout)
`;
