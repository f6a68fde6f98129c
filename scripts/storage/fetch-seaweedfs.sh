#!/usr/bin/env bash
# SeaweedFS (Apache-2.0), the S3-compatible server the S3 storage tests start on 127.0.0.1
# (test/support/seaweedfs.ts, issue 21), built from its Go module at a pinned pseudo-version.
# `go install .../weed@version` is refused (its go.mod has a replace directive), so the module is
# downloaded, copied out of the read-only module cache and built there (known-traps.md).
# About 4 minutes on 2 cores the first time, a ~230 MB binary; later runs reuse the cached binary.
# Needs Go >= 1.26.6 (its go.mod's `go` line): Debian's golang-go is older; with GOTOOLCHAIN=auto
# (Go's default) an older go >= 1.21 fetches the right toolchain from the Go proxy by itself.
# WEED_PATH, when set to an executable, is used as it is. Idempotent; prints the executable's path.
# Usage: bash scripts/storage/fetch-seaweedfs.sh [cache-dir]
set -euo pipefail
cache=${1:-.cache}/seaweedfs
# This commit reports itself as 4.53 (`weed version`): deploy/compose.yaml pins that release image.
version=v0.0.0-20261109003541-7506e5f91cd6
binary="$cache/weed"
stamp="$cache/version"

if [ -n "${WEED_PATH:-}" ]; then
  [ -x "$WEED_PATH" ] || { echo "WEED_PATH=$WEED_PATH is not an executable" >&2; exit 1; }
  echo "$WEED_PATH"
  exit 0
fi
if [ -x "$binary" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
  echo "$binary"
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "go is not installed (needs Go >= 1.21 to fetch Go 1.26.6+)" >&2; exit 1; }

mkdir -p "$cache"
work=$(mktemp -d "${TMPDIR:-/tmp}/seaweedfs-build.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
module_dir=$(cd "$work" && go mod download -json "github.com/seaweedfs/seaweedfs@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
[ -d "$module_dir" ] || { echo "go mod download gave no module folder" >&2; exit 1; }
cp -R "$module_dir" "$work/src"
chmod -R u+w "$work/src"
(cd "$work/src" && go build -o "$work/weed" ./weed) >&2
mv "$work/weed" "$binary"
echo "$version" >"$stamp"
"$binary" version >&2
echo "$binary"
