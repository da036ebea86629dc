// Runs the Slack app from the environment (`pnpm start`). Two things come before any module of the app is
// loaded: the Node.js version, because the store imports node:sqlite and on an older Node that import fails
// while modules are linked, with a trace that says nothing useful; and the .env file, so that the config
// reads it. Everything else is imported dynamically after them (src/startup/run.ts).
import { nodeVersionProblem } from './startup/node-version.ts';

const tooOld = nodeVersionProblem(process.version);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

// The .env of the working directory and of the repository's root (config.ts). A variable already set in the
// environment wins over the files, so a service manager's settings override them.
const { readEnvFiles } = await import('./config.ts');
try {
  const { variables } = readEnvFiles(process.cwd());
  for (const [name, value] of Object.entries(variables)) process.env[name] ??= value;
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

await import('./startup/run.ts');
