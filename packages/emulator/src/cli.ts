#!/usr/bin/env node
// dubkit-emulator: runs the emulator from the command line until SIGINT/SIGTERM.
import { CliError, HELP, parseCli } from './cli-args.ts';
import { startEmulator } from './server.ts';

async function main() {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`dubkit-emulator: ${error.message}\n\n${HELP}`);
    process.exit(2);
  }
  const { help, options } = parsed;
  if (help) {
    console.log(HELP);
    return;
  }
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    console.error(`dubkit-emulator: cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const tokenList = options.tokens ? Object.keys(options.tokens).join(', ') : 'dev-token';
  console.log(`dubkit emulator listening on ${emulator.url} (speed ${options.speed}, tokens: ${tokenList})`);
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
