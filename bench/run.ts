// Runs every benchmark of the workspace in turn (`pnpm bench`), or only those named: `pnpm bench srt core`.
// Each benchmark is its own process so that one's memory figures are not disturbed by another's.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const here = import.meta.dirname;
const wanted = process.argv.slice(2).filter((arg) => arg !== '--');
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace('.bench.ts', '')))
  .sort();

if (benches.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--expose-gc', file], { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
