import { LANGUAGES as SERVICE_LANGUAGES } from '@dubkit/core';
import { describe, expect, it } from 'vitest';
import { destinationGroups, normalizeDestination, normalizeSource } from './languages.ts';

describe('the Slack app languages', () => {
  it('are the service languages of @dubkit/core: the picker offers each, and only those are accepted', () => {
    const offered = destinationGroups().flatMap((group) => group.codes);
    expect(offered.sort()).toEqual(SERVICE_LANGUAGES.map((l) => l.code).sort());
    for (const code of offered) expect(normalizeDestination(code)).toBe(code);
    // A dialect the service does not list is refused, as the service would refuse it.
    expect(normalizeDestination('es-ar')).toBeUndefined();
    expect(normalizeSource('en-CA')).toBe('en');
    expect(normalizeSource('xx')).toBeUndefined();
  });
});
