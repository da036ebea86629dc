#!/usr/bin/env node
// A committed launcher: pnpm links bins at install time, before dist/ is built, and a bin pointing into dist/
// would fail to link ("Failed to create bin"). This file exists from the start and loads the build.
const [major, minor] = process.versions.node.split('.').map(Number);
// Said before anything is loaded: on an older Node the first sign would be an error deep in a dependency.
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `dubkit: needs Node 22.19 or later; this is Node ${process.versions.node} (${process.execPath}). ` +
      'Install a newer Node (https://nodejs.org), then run dubkit again.',
  );
  process.exit(2);
}
const cli = new URL('../dist/cli.js', import.meta.url);
try {
  await import(cli.href);
} catch (error) {
  // Only the build itself missing is explained; any other error is the command's own.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || error.url !== cli.href) throw error;
  console.error(
    'dubkit: not built yet; run `pnpm build` (or `bash scripts/run.sh build`) in the repository first',
  );
  process.exit(2);
}
