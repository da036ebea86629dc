// The `dubkit` process: runs the program on the real standard streams and exits with its status.
import { run } from './program.ts';

// `dubkit transcript pull … | head`: a reader that stops early closes the pipe; that ends the command quietly
// instead of with an EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
