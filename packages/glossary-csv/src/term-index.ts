// A trie of terms by their words: from any word of a text, one walk down the trie finds every term that starts
// there, so a text is checked against the whole glossary in time proportional to its words times the longest
// term's words, not to the number of terms. The walks are written out where they are used (compliance.ts): a
// callback per word cost a fifth of the check's time.

export interface TrieNode<Value> {
  next: Map<string, TrieNode<Value>> | undefined;
  /** The value of the term that ends here, if one does. */
  value: Value | undefined;
}

export function newNode<Value>(): TrieNode<Value> {
  return { next: undefined, value: undefined };
}

/** Adds a term's words; returns its end node (shared by terms of the same words). */
export function insert<Value>(root: TrieNode<Value>, keys: readonly string[]): TrieNode<Value> {
  let node = root;
  for (const key of keys) {
    node.next ??= new Map();
    let child = node.next.get(key);
    if (child === undefined) {
      child = newNode();
      node.next.set(key, child);
    }
    node = child;
  }
  return node;
}
