// What people are told never carries what belongs in the logs.
import { describe, expect, it } from 'vitest';
import { failedReply } from '../ui/milestones.ts';
import { newRequestId, scrub, somethingWentWrong } from './public.ts';

describe('scrub', () => {
  it('takes internal addresses, tokens and stack frames out of an error text', () => {
    const error = new Error(
      'POST http://127.0.0.1:43123/v2/glossaries failed: connect ECONNREFUSED 127.0.0.1:43123 (token xoxb-1-2-abc)',
    );
    // The stack as logged: its header line, then the frames.
    expect(scrub(error.stack ?? '')).toBe(
      'Error: POST [address] failed: connect ECONNREFUSED [address] (token [token])',
    );
    expect(scrub('Authorization: Bearer eyJhbGciOi.x.y and xapp-1-A-2-b')).toBe(
      'Authorization: Bearer [token] and [token]',
    );
    expect(scrub('see https://internal.example/a?b=c or localhost:8080')).toBe('see [address] or [address]');
    expect(scrub('The file is 3 GB; the limit is 2 GB.')).toBe('The file is 3 GB; the limit is 2 GB.');
  });

  it('keeps what it returns short, and is linear on hostile text', () => {
    expect(scrub('a'.repeat(10_000)).length).toBeLessThanOrEqual(300);
    const started = performance.now();
    scrub(`${'http://'.repeat(20_000)}${'1.'.repeat(20_000)}`);
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('somethingWentWrong', () => {
  it('says what to do and gives the request id', () => {
    const id = newRequestId();
    expect(id).toMatch(/^r-[0-9a-f]{8}$/);
    expect(somethingWentWrong(id)).toContain(`\`${id}\``);
    expect(newRequestId()).not.toBe(id);
  });
});

describe('a failed language in the thread', () => {
  it('explains the failure without the internal address its detail carried', () => {
    const reply = failedReply({
      lang: 'es',
      status: 'upload_failed',
      detail: 'POST http://10.0.0.7:8080/v2/media failed: connect ECONNREFUSED 10.0.0.7:8080',
      targetId: 't1',
    });
    const shown = JSON.stringify(reply);
    expect(shown).not.toContain('10.0.0.7');
    expect(shown).not.toContain('http://');
    expect(reply.text).toContain('The video could not be uploaded');
  });
});
