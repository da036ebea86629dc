// Contract: what the Slack app quotes before a render (@dubkit/core's redubMinutes over the changed segments) is
// what the service charges for it. The emulator's charge is its own reading of the documents (spec/price.ts), so
// a mistake in core's rounding fails here instead of passing on both sides.
import { DubbingClient, redubMinutes, timecodeToMs } from '@dubkit/core';
import { formatTimecode } from '@dubkit/srt';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { redubCharge } from '../spec/price.ts';
import { harness, TOKEN } from '../test-support/harness.ts';

const MINUTE = 60_000;

/** Lengths of changed speech, crowded around where the rule turns: whole minutes, :29/:30, :59 and a second. */
const changedMs = fc.oneof(
  fc.integer({ min: 0, max: 3 * 60 * MINUTE }),
  fc
    .tuple(fc.nat(180), fc.constantFrom(0, 1, 29, 30, 59), fc.integer({ min: -1, max: 1 }))
    .map(([minutes, seconds, nudge]) => Math.max(0, minutes * MINUTE + seconds * 1000 + nudge)),
);

const clients: DubbingClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('contract: the quoted re-dub price is the charged one', () => {
  it('core’s quote equals the emulator’s charge for every length of changed speech', () => {
    fc.assert(
      fc.property(changedMs, (ms) => redubMinutes(ms) === redubCharge(ms)),
      { numRuns: 5000 },
    );
  });

  it('would catch a quote that rounds differently from the documents', () => {
    // Plausible slips in a client: rounding every part of a minute up, or rounding 1:30 down.
    const slips = [
      (ms: number) => Math.ceil(ms / MINUTE),
      (ms: number) => Math.max(1, Math.floor(ms / MINUTE + 0.49)),
    ];
    for (const quote of slips) {
      const result = fc.check(
        fc.property(changedMs, (ms) => quote(ms) === redubCharge(ms)),
        { numRuns: 5000 },
      );
      expect(result.failed).toBe(true);
    }
  });

  it('over HTTP: after random edits, a render costs what core quotes from the segments the client reads', async () => {
    const h = await harness({ credits: { minutes: 100_000 } });
    const client = new DubbingClient({ baseUrl: h.url, token: TOKEN, logLevel: 'error' });
    clients.push(client);
    // A five-minute video (the emulator derives a linked video's length from its link), so that edits add up
    // to several minutes of speech.
    const media = await client.media.uploadLink({ link: 'https://youtu.be/contract-22', name: 'contract' });
    h.finish();
    const project = await client.projects.create({ video_id: media.id, dst_lang: 'es', src_lang: 'en' });
    h.finish();
    const videoMs = (await client.projects.get(project.id)).duration! * 1000;
    expect(videoMs).toBeGreaterThanOrEqual(280_000);
    const first = (await client.transcription.get(project.id)).segments;

    // An edit: a segment (by position), and either a new translation or new times inside the video, of a length
    // often near where the rule turns (the whole edit then sums to such lengths too).
    const edit = fc.record({
      at: fc.nat(),
      text: fc.string({ minLength: 1, maxLength: 20 }),
      times: fc.option(
        fc
          .tuple(
            changedMs.map((ms) => Math.min(videoMs, Math.max(1, ms))),
            fc.double({ min: 0, max: 1, noNaN: true }),
          )
          .map(([length, where]) => {
            const start = Math.floor((videoMs - length) * where);
            return [start, start + length] as const;
          }),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 5 }), async (edits) => {
        const byId = new Map(
          edits.map((change) => {
            const segment = first[change.at % first.length]!;
            return [segment.id, change] as const;
          }),
        );
        await client.transcription.updateSegments(
          project.id,
          [...byId].map(([id, change]) =>
            change.times
              ? { id, start: formatTimecode(change.times[0]), end: formatTimecode(change.times[1]) }
              : { id, dst: { text: change.text, lang: 'es' } },
          ),
        );
        // As the app quotes: the changed segments as the service has them now.
        const now = (await client.transcription.get(project.id)).segments;
        const length = now
          .filter((segment) => byId.has(segment.id))
          .reduce((sum, segment) => sum + timecodeToMs(segment.end) - timecodeToMs(segment.start), 0);
        const quote = redubMinutes(length);
        const before = (await client.credits.get()).minutes.used;
        await client.projects.generate(project.id);
        h.finish();
        const charged = (await client.credits.get()).minutes.used - before;
        expect(charged, `${length} ms of changed speech`).toBe(quote);
      }),
      { numRuns: 30 },
    );
  });
});
