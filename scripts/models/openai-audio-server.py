"""A minimal OpenAI-compatible POST /v1/audio/transcriptions server over faster-whisper (decision 014).

Used by the speech tests and the benchmark to run real Whisper weights through the TypeScript HTTP engine.
Usage: python openai-audio-server.py MODEL_DIR [PORT]; prints "listening on PORT" once ready (PORT 0 picks one).
"""

import json
import sys
import tempfile
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from faster_whisper import WhisperModel

model = WhisperModel(sys.argv[1], device="cpu", compute_type="int8", cpu_threads=2)


def parse_multipart(content_type: str, body: bytes) -> dict:
    message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    fields: dict = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        value = part.get_payload(decode=True)
        fields.setdefault(name, []).append(value)
    return fields


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):  # quiet: tests read stdout
        pass

    def answer(self, status: int, payload: dict) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        # Readiness probe for process managers (Playwright's webServer waits on it).
        if self.path == "/health":
            return self.answer(200, {"status": "ok"})
        return self.answer(404, {"error": {"message": "not found"}})

    def do_POST(self):
        if self.path != "/v1/audio/transcriptions":
            return self.answer(404, {"error": {"message": "not found"}})
        length = int(self.headers.get("Content-Length", "0"))
        fields = parse_multipart(self.headers.get("Content-Type", ""), self.rfile.read(length))
        audio = (fields.get("file") or [None])[0]
        if not audio:
            return self.answer(400, {"error": {"message": "file is required", "type": "invalid_request_error"}})
        language = (fields.get("language") or [b""])[0].decode() or None
        if language and language != "en" and not model.model.is_multilingual:
            return self.answer(400, {"error": {"message": f"Language '{language}' is not supported by this model", "type": "invalid_request_error"}})
        with tempfile.NamedTemporaryFile(suffix=".wav") as handle:
            handle.write(audio)
            handle.flush()
            segments, info = model.transcribe(handle.name, language=language, beam_size=1, word_timestamps=True)
            segments = list(segments)
        words = [{"word": w.word.strip(), "start": w.start, "end": w.end} for s in segments for w in (s.words or [])]
        self.answer(200, {
            "task": "transcribe",
            "language": info.language,
            "duration": info.duration,
            "text": " ".join(s.text.strip() for s in segments),
            "segments": [{"id": i, "start": s.start, "end": s.end, "text": s.text} for i, s in enumerate(segments)],
            "words": words,
        })


server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 0), Handler)
print(f"listening on {server.server_address[1]}", flush=True)
server.serve_forever()
