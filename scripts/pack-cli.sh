#!/usr/bin/env bash
# Builds and packs the dubkit CLI with the workspace packages it depends on, into one folder (default ./packs),
# for installing it without the npm registry (nothing is published yet):
#   bash scripts/pack-cli.sh && npm install --global ./packs/*.tgz   (in a shell without scripts/toolchain.sh)
# --no-build packs what is built already (the test of this script, run after `pnpm test` built everything).
# pnpm pack writes the versions of the workspace dependencies in place of `workspace:^`, so npm finds them among
# the tarballs installed together.
set -euo pipefail
cd "$(dirname "$0")/.."
# pnpm packs the workspace packages: the toolchain's, put on PATH for this script only (the shell that runs
# `npm install --global` afterwards keeps its own npm, whose global folder is on its PATH).
source scripts/toolchain.sh
build=1
if [[ "${1:-}" == --no-build ]]; then
  build=0
  shift
fi
out="${1:-packs}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
if ((build)); then
  pnpm exec turbo run build --filter=@dubkit/cli... --output-logs=errors-only >&2
fi
for package in core srt subtitles glossary-csv cli; do
  (cd "packages/$package" && pnpm pack --pack-destination "$out" >/dev/null)
done
ls "$out"/*.tgz
echo "Install with the npm of your usual shell (not one where scripts/toolchain.sh was sourced):" >&2
echo "  npm install --global $out/*.tgz" >&2
