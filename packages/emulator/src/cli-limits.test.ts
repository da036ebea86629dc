import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-args.ts';
import { startEmulator } from './server.ts';

describe('size-limit flags', () => {
  it('passes --max-upload-bytes and --max-link-bytes to the emulator, and leaves the defaults otherwise', () => {
    const { options } = parseCli(['--max-upload-bytes', '1048576', '--max-link-bytes', '2048']);
    expect(options).toMatchObject({ maxUploadBytes: 1_048_576, maxLinkBytes: 2048 });
    const plain = parseCli([]).options;
    expect(plain.maxUploadBytes).toBeUndefined();
    expect(plain.maxLinkBytes).toBeUndefined();
    expect(() => parseCli(['--max-upload-bytes', 'lots'])).toThrow(/--max-upload-bytes expects a number/);
  });

  it('refuses a limit that is not a whole number of bytes above 0', async () => {
    await expect(startEmulator({ maxUploadBytes: 0 })).rejects.toThrow(
      /maxUploadBytes must be a whole number/,
    );
    await expect(startEmulator({ maxLinkBytes: 1.5 })).rejects.toThrow(/maxLinkBytes must be a whole number/);
  });
});
