#!/usr/bin/env node
// Entry point of the `dubkit-glossary` command (see command-line.ts).
import { processIo, runCommand } from './command-line.ts';

process.exitCode = await runCommand(process.argv.slice(2), processIo);
