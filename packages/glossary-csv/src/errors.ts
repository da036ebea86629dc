// The one error class this package throws, so that strict callers can branch with `instanceof`.
import type { GlossaryIssue } from './types.ts';

export class GlossaryCsvError extends Error {
  readonly issues: GlossaryIssue[];

  constructor(message: string, issues: GlossaryIssue[] = []) {
    super(message);
    this.name = 'GlossaryCsvError';
    this.issues = issues;
  }
}
