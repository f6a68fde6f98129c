#!/usr/bin/env bash
# yt-dlp (Unlicense) from PyPI, pinned, in its own virtual environment: the YouTube extractor the
# yt-dlp adapter's tests run (src/infra/youtube/yt-dlp-extractor.test.ts). Production finds yt-dlp
# through YTDLP_PATH or PATH; this copy exists so the tests drive the real program, not a stand-in.
# Idempotent; prints the executable's path. Usage: bash scripts/models/fetch-yt-dlp.sh [cache-dir]
set -euo pipefail
cache=${1:-.cache}
venv="$cache/ytdlp-venv"
version=2026.10.26
binary="$venv/bin/yt-dlp"

mkdir -p "$cache"
installed() { [ -x "$binary" ] && [ "$("$binary" --version 2>/dev/null)" = "$version" ]; }
if ! installed; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "yt-dlp==$version" >&2
fi
installed || { echo "yt-dlp $version did not install into $venv" >&2; exit 1; }
echo "$binary"
