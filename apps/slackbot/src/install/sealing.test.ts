// Tokens sealed at rest: AES-256-GCM under the current key, opened under any listed key (so keys rotate),
// bound to the row and field they were sealed for; keys given as hex or base64, anything else refused.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseKey } from '../config.ts';
import { Sealer, UnsealError } from './sealing.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);

describe('sealing', () => {
  it('seals a token so that it is not in the stored text, and opens it again', () => {
    const sealer = new Sealer([newKey]);
    const sealed = sealer.seal('xoxe.xoxb-1-secret', 'T1:bot_token');
    expect(sealed).not.toContain('xox');
    expect(sealed.split('.')[1]).toBe(sealer.keyId);
    expect(sealer.open(sealed, 'T1:bot_token')).toBe('xoxe.xoxb-1-secret');
    expect(sealer.seal('same', 'T1:bot_token')).not.toBe(sealer.seal('same', 'T1:bot_token'));
  });

  it('opens values sealed under an older key listed after the new one, and seals under the new one', () => {
    const sealedBefore = new Sealer([oldKey]).seal('xoxb-old', 'T1:bot_token');
    const rotated = new Sealer([newKey, oldKey]);
    expect(rotated.open(sealedBefore, 'T1:bot_token')).toBe('xoxb-old');
    expect(rotated.seal('xoxb-new', 'T1:bot_token').split('.')[1]).toBe(new Sealer([newKey]).keyId);
    expect(() => new Sealer([newKey]).open(sealedBefore, 'T1:bot_token')).toThrow(/no longer lists/);
  });

  it('refuses a value moved to another row or field, or changed', () => {
    const sealer = new Sealer([newKey]);
    const sealed = sealer.seal('xoxb-a', 'T1:bot_token');
    expect(() => sealer.open(sealed, 'T2:bot_token')).toThrow(UnsealError);
    expect(() => sealer.open(sealed, 'T1:refresh_token')).toThrow(UnsealError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xoxb-b').toString('base64url');
    expect(() => sealer.open(parts.join('.'), 'T1:bot_token')).toThrow(UnsealError);
  });

  it('takes 32-byte keys as hex or base64 (config.ts) and nothing else', () => {
    expect(parseKey(newKey.toString('hex'))).toEqual(newKey);
    expect(parseKey(newKey.toString('base64'))).toEqual(newKey);
    expect(parseKey(newKey.toString('base64url'))).toEqual(newKey);
    for (const bad of ['short', randomBytes(16).toString('hex'), randomBytes(31).toString('base64')])
      expect(parseKey(bad)).toBeUndefined();
  });
});
