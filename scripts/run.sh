#!/usr/bin/env bash
# The README's two commands: `bash scripts/run.sh demo` and `bash scripts/run.sh test`.
# Installs the toolchain and the dependencies, builds, then runs the given root script.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh
pnpm install --frozen-lockfile --reporter=append-only
pnpm run build
pnpm run "$@"
