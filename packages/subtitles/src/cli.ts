#!/usr/bin/env node
// The dubkit-subtitles command: convert subtitles between formats and check them (see cli-run.ts).
import { runCli } from './cli-run.ts';

process.exitCode = runCli(process.argv.slice(2));
