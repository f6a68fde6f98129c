#!/usr/bin/env bash
# Real Whisper (tiny.en, decision 014) as an OpenAI-compatible /v1/audio/transcriptions server on
# 127.0.0.1:PORT, for the browser tests and manual runs: SPEECH_ENGINE=openai
# OPENAI_AUDIO_BASE_URL=http://127.0.0.1:PORT OPENAI_AUDIO_MODEL=tiny.en npm start.
# Usage: bash scripts/models/serve-whisper.sh PORT [tiny.en|base]
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${1:?usage: serve-whisper.sh PORT [tiny.en|base]}
model=$(bash scripts/models/fetch-whisper.sh "${2:-tiny.en}" | tail -n 1)
exec .cache/models/venv/bin/python scripts/models/openai-audio-server.py "$model" "$port"
