// XML namespaces resolved with a stack per prefix. saxes can resolve them itself, but it looks a prefix up
// through one scope per open element, which makes deeply nested input quadratic; here a lookup is one map access
// and each declaration is pushed and popped once.

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** A name split at its colon: prefix ('' for none) and local name. */
export function splitName(name: string): { prefix: string; local: string } {
  const colon = name.indexOf(':');
  return colon === -1
    ? { prefix: '', local: name }
    : { prefix: name.slice(0, colon), local: name.slice(colon + 1) };
}

export class Namespaces {
  private readonly bound = new Map<string, string[]>();

  /** Binds the element's `xmlns` and `xmlns:p` attributes; returns the prefixes bound, to be released on close. */
  declare(attributes: Record<string, string>): string[] | undefined {
    let declared: string[] | undefined;
    for (const name in attributes) {
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
      const prefix = name === 'xmlns' ? '' : name.slice(6);
      let stack = this.bound.get(prefix);
      if (!stack) {
        stack = [];
        this.bound.set(prefix, stack);
      }
      stack.push(attributes[name]!);
      if (declared) declared.push(prefix);
      else declared = [prefix];
    }
    return declared;
  }

  release(prefixes: readonly string[]): void {
    for (const prefix of prefixes) this.bound.get(prefix)?.pop();
  }

  /** The namespace of a prefix ('' for the default one); undefined when it is not bound. */
  uri(prefix: string): string | undefined {
    if (prefix === 'xml') return XML_NAMESPACE;
    const stack = this.bound.get(prefix);
    return stack && stack.length > 0 ? stack[stack.length - 1] : prefix === '' ? '' : undefined;
  }
}
