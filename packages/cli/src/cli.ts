// The `dubkit` process: runs the program on the real standard streams and exits with its status.
import { run } from './program.ts';

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
