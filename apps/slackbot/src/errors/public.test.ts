// What people are told never carries what belongs in the logs.
import { describe, expect, it } from 'vitest';
import { failedReply } from '../ui/milestones.ts';
import { holdsInternals, newRequestId, publicFailure, scrub, somethingWentWrong } from './public.ts';

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

  it.each([
    [
      'a host with a port, and a runbook link without a scheme with a secret',
      'connect ECONNREFUSED cache-7.internal.example:8443 (runbook wiki.corp.local/ops?token=s3cr3t-abc)',
      'connect ECONNREFUSED [address] (runbook [address])',
    ],
    ['IPv6 loopback with a port', 'connect ECONNREFUSED ::1:5432', 'connect ECONNREFUSED [address]'],
    [
      'IPv6 in brackets and bare',
      'connect ECONNREFUSED [2001:db8::7]:443 via fe80::1ff:fe23:4567:890a',
      'connect ECONNREFUSED [address] via [address]',
    ],
    ['a bare host name', 'getaddrinfo ENOTFOUND api.rask.internal', 'getaddrinfo ENOTFOUND [address]'],
    [
      'a file path',
      "ENOENT: no such file or directory, open '/srv/dubkit/data/x.db'",
      "ENOENT: no such file or directory, open '[path]'",
    ],
    ['stack frames inline', 'failed at Object.<anonymous> (/srv/app/dist/x.js:10:5)', 'failed'],
    [
      'secret-looking parameters on their own',
      'password=hunter2&user=x api_key=abc',
      'password=[redacted]&user=x api_key=[redacted]',
    ],
    [
      'words people need, file names and timecodes',
      'talk.mp4 is too long at 00:01:02,500; use /dub settings',
      'talk.mp4 is too long at 00:01:02,500; use /dub settings',
    ],
  ])('takes out %s', (_what, text, shown) => {
    expect(scrub(text)).toBe(shown);
  });

  it('keeps what it returns short, and is linear on hostile text', () => {
    expect(scrub('a'.repeat(10_000)).length).toBeLessThanOrEqual(300);
    const started = performance.now();
    scrub(`${'http://'.repeat(20_000)}${'1.'.repeat(20_000)}`);
    for (const shape of [
      'a'.repeat(2_000),
      'a.'.repeat(1_000),
      ':'.repeat(2_000),
      'a:1'.repeat(700),
      'at '.repeat(700),
    ])
      scrub(shape);
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('publicFailure', () => {
  it('logs the whole error under a request id and tells the person a short reason, what to do and the id', () => {
    const logged: { details: { requestId?: string; err?: unknown }; message: string }[] = [];
    const logger = { warn: (details: object, message: string) => logged.push({ details, message }) };
    const error = new Error('connect ECONNREFUSED cache-7.internal.example:8443 (token=s3cr3t)');
    const shown = publicFailure(logger, error, 'The glossary could not be imported');
    expect(shown.text).toBe(
      `The glossary could not be imported: connect ECONNREFUSED [address] (token=[redacted]). Try again in a minute; if it keeps happening, give your Slack admin this request id: \`${shown.requestId}\`.`,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toEqual({ err: error, requestId: shown.requestId });
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

describe('holdsInternals', () => {
  it('tells a title from outside that holds a host, a path or a token from one that holds none', () => {
    for (const title of [
      'Launch at cache-7.internal.example:8443',
      'see /srv/app/x.js',
      'token=s3cr3t',
      'xoxb-9-9-leak',
      'https://vimeo.com/1',
      'Keynote\n    at fn (/srv/x.js:1:2)',
    ])
      expect(holdsInternals(title), title).toBe(true);
    for (const title of ['Launch keynote.mp4', 'Q3 all-hands: 10:00 recap', 'A/B testing results'])
      expect(holdsInternals(title), title).toBe(false);
  });
});
