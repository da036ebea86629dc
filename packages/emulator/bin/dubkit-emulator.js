#!/usr/bin/env node
// A committed launcher: pnpm links bins at install time, before dist/ is built, and a bin pointing into dist/
// would fail to link ("Failed to create bin"). This file exists from the start and loads the build.
await import('../dist/cli.js');
