// 8 kHz, 8-bit mono PCM WAV: the emulator's stand-in for voices and dubbed audio. Real, valid files that any player
// or `sox` reads, made in code (the package ships no audio and downloads none).

export const WAV_RATE = 8000;

/** The 44-byte RIFF header of a WAV holding `samples` 8-bit mono samples at WAV_RATE. */
export function wavHeader(samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(WAV_RATE, 24);
  header.writeUInt32LE(WAV_RATE, 28); // bytes per second (8-bit mono)
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples, 40);
  return header;
}

/** One 8-bit sample: silence (128) plus `value`, clamped to the byte. */
export function sample(value: number): number {
  return Math.max(0, Math.min(255, 128 + Math.round(value)));
}

/** A whole WAV of a tone at `hz` for `seconds`, fading in and out so that it does not click. */
export function toneWav(hz: number, seconds: number): Buffer {
  const samples = Math.round(seconds * WAV_RATE);
  const fade = Math.max(1, Math.min(400, Math.floor(samples / 4)));
  const data = Buffer.alloc(samples);
  for (let n = 0; n < samples; n++) {
    const envelope = Math.min(1, n / fade, (samples - n) / fade);
    data[n] = sample(60 * envelope * Math.sin((2 * Math.PI * hz * n) / WAV_RATE));
  }
  return Buffer.concat([wavHeader(samples), data]);
}
