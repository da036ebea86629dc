#!/usr/bin/env bash
# `turbo run build` that prints nothing when the build succeeds, for the root scripts that build before they run
# (test, dubkit, emulator). Turbo has no flag for its banner and summary (--output-logs only governs the tasks'
# logs), so its output is kept and written to stderr, whole, only when the build fails; the exit code is turbo's.
# Arguments go on to turbo: `bash scripts/build-quietly.sh --filter=@dubkit/cli`.
set -u
log=$(turbo run build --output-logs=errors-only "$@" 2>&1) || {
  status=$?
  printf '%s\n' "$log" >&2
  exit "$status"
}
