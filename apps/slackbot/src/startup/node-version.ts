// The oldest Node.js the app runs on, checked by main.ts before anything else is imported: the store needs
// node:sqlite, and on an older Node the import itself fails with ERR_UNKNOWN_BUILTIN_MODULE, a stack trace
// that does not say what to do. This module imports nothing, so that it loads on any Node.

/** node:sqlite without a flag, with the statement and transaction API the store uses. */
export const MIN_NODE_VERSION = '22.19.0';

/** One line naming the version found and what to do, or undefined when `version` (e.g. "v22.19.0") is enough. */
export function nodeVersionProblem(version: string, minimum: string = MIN_NODE_VERSION): string | undefined {
  const found = parse(version);
  const needed = parse(minimum);
  if (!found || !needed)
    return `Node.js ${minimum} or newer is needed, and the version "${version}" cannot be read`;
  for (let i = 0; i < 3; i += 1) {
    if (found[i]! > needed[i]!) return undefined;
    if (found[i]! < needed[i]!) {
      return `Node.js ${minimum} or newer is needed (this is ${version.replace(/^v/, '')}): install a current Node.js LTS release`;
    }
  }
  return undefined;
}

function parse(version: string): [number, number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}
