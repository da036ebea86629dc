// The emulator is the other side of the contract: at run time it may take from @dubkit/core only the list of
// language codes the documents do not give. Its schemas, price rule and timecodes are its own (spec/, srt).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('what the emulator takes from @dubkit/core', () => {
  it('is the language list alone, in every file it runs', () => {
    const imports = sources(SRC).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/from '(@dubkit\/core[^']*)'/g)].map(
        (match) => `${relative(SRC, path)}: ${match[1]}`,
      ),
    );
    expect(imports).toEqual(['spec/formats.ts: @dubkit/core/languages']);
  });
});
