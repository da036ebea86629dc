#!/usr/bin/env bash
# The README's two commands: `bash scripts/run.sh demo` and `bash scripts/run.sh test`.
# Installs the toolchain and the dependencies, builds, then runs the given root script; what follows the script's
# name is passed on to it, with or without a `--` first (`bash scripts/run.sh test -- packages/cli` runs that
# folder's tests only).
set -euo pipefail
# The folder it was started from: `bash scripts/run.sh dubkit -- dub talk.mp4` reads talk.mp4 there.
export INIT_CWD="${INIT_CWD:-$PWD}"
cd "$(dirname "$0")/.."
source scripts/toolchain.sh
script="$1"
shift
if [[ "${1:-}" == -- ]]; then shift; fi
pnpm install --frozen-lockfile --reporter=append-only
# Builds that come from the cache print nothing; the test, bench and dubkit scripts build again (cached, silent).
pnpm exec turbo run build --output-logs=new-only
pnpm run "$script" "$@"
