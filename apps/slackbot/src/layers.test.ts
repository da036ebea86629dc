// The app's layers, read from its own imports (type imports included): no file is part of an import cycle,
// no feature imports one that imports it back, nothing below features/ imports a feature, and the lower
// folders import only what is below them, and the thread's messages are drawn only by its drawer — so a new
// import that reaches up, or a message drawn by hand, fails here, not in review.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every source file (tests and their support left out), as a path relative to src/. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

const files = sources();
const known = new Set(files);

/** What each file imports from src/ (value, type and dynamic imports). */
const imports = new Map(
  files.map((file) => {
    const text = readFileSync(join(SRC, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1] ?? '');
    const targets = specifiers.map((s) => normalize(join(dirname(file), s))).filter((t) => known.has(t));
    return [file, targets] as const;
  }),
);

/** The import cycles: strongly connected groups of more than one file (Tarjan). */
function cycles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    for (const target of imports.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

/** A file's folder under src/; a file at the root is its own (config.ts: "config"). */
const folder = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file.slice(0, -3));
const feature = (file: string) => (file.startsWith('features/') ? file.split('/')[1] : undefined);

/** Each lower folder, and the folders it may import (besides its own); config.ts imports nothing of the app. */
const BELOW: Record<string, readonly string[]> = {
  domain: [],
  errors: ['domain'],
  config: [],
  dubbing: ['domain', 'errors', 'config'],
  store: ['domain', 'config'],
  ui: ['domain', 'errors'],
  slack: ['domain', 'errors', 'ui', 'dubbing'],
  runtime: ['store'],
  thread: ['domain', 'errors', 'dubbing', 'store', 'ui'],
  // Whose a payload is, and that tenant's tokens and account: below the gate, which asks it first.
  install: ['domain', 'errors', 'config', 'dubbing', 'store', 'slack'],
  access: ['domain', 'errors', 'store', 'ui', 'slack', 'install'],
  outbox: ['domain', 'errors', 'dubbing', 'store', 'ui', 'slack', 'runtime'],
  jobs: ['domain', 'errors', 'dubbing', 'store', 'ui', 'slack', 'runtime', 'thread', 'outbox'],
};

/** What any folder may read: whether an error means the database is away (a classification, not the store). */
const EVERYWHERE: ReadonlySet<string> = new Set(['store/unavailable.ts']);

describe('the app’s layers', () => {
  it('has no import cycle, of values or of types', () => {
    expect(cycles()).toEqual([]);
  });

  it('has no two features importing each other', () => {
    const pairs = new Set<string>();
    for (const [file, targets] of imports)
      for (const target of targets) {
        const [from, to] = [feature(file), feature(target)];
        if (from && to && from !== to) pairs.add(`${from} → ${to}`);
      }
    const mutual = [...pairs].filter((pair) => pairs.has(pair.split(' → ').reverse().join(' → ')));
    expect(mutual).toEqual([]);
  });

  it('has each lower folder import only what is below it', () => {
    const upward = [...imports].flatMap(([file, targets]) => {
      const allowed = BELOW[folder(file)];
      if (!allowed) return [];
      return targets
        .filter((t) => folder(t) !== folder(file) && !allowed.includes(folder(t)) && !EVERYWHERE.has(t))
        .map((t) => `${file} → ${t}`);
    });
    expect(upward).toEqual([]);
  });

  it('draws the thread’s shared messages only through the drawer', () => {
    const drawnByHand = files.filter(
      (file) =>
        folder(file) !== 'thread' &&
        /(?<![.\w])(statusDelivery|cardDelivery|languageState|startedCard)\(/.test(
          readFileSync(join(SRC, file), 'utf8'),
        ),
    );
    expect(drawnByHand).toEqual([]);
  });
});
