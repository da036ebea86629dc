// Runs the Slack app from the environment (`pnpm start`). Two things come before any module of the app is
// loaded: the Node.js version, because the store imports node:sqlite and on an older Node that import fails
// while modules are linked, with a trace that says nothing useful; and the .env file, so that the config
// reads it. Everything else is imported dynamically after them (src/startup/run.ts).
import { existsSync } from 'node:fs';
import { nodeVersionProblem } from './startup/node-version.ts';

const tooOld = nodeVersionProblem(process.version);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

// A .env in the working directory, when there is one. Node's own loader: a variable already set in the
// environment wins over the file, so a service manager's settings override it.
if (existsSync('.env')) {
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    console.error(`.env in ${process.cwd()} cannot be read: ${(error as Error).message}`);
    process.exit(1);
  }
}

await import('./startup/run.ts');
