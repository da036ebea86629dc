#!/usr/bin/env node
// dubkit-emulator: runs the emulator from the command line until SIGINT/SIGTERM.
import { readFileSync } from 'node:fs';
import { CliError, HELP, parseCli, startMessage } from './cli-args.ts';
import { startEmulator } from './server.ts';

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

async function main() {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    // One line that says what is wrong and where help is: the whole flag list would bury it.
    console.error(`dubkit-emulator: ${error.message}\nRun dubkit-emulator --help for the options.`);
    process.exit(2);
  }
  const { help, version, options } = parsed;
  if (version) {
    console.log(VERSION);
    return;
  }
  if (help) {
    console.log(HELP);
    return;
  }
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    // A port in use or an address not available: an I/O problem, 2 as in every dubkit command line tool.
    console.error(`dubkit-emulator: cannot start: ${(error as Error).message}`);
    process.exit(2);
  }
  console.log(startMessage(emulator.url, options));
  const stop = (signal: string) => {
    console.log(`dubkit emulator: ${signal}, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

await main();
