#!/usr/bin/env node
// The dubkit-srt command: check, convert and clean SRT files (see cli-run.ts for the commands).
import { runCli } from './cli-run.ts';

process.exitCode = runCli(process.argv.slice(2));
