// A status the service sends that the app does not know — here one carrying a host, a port, a token and a Slack
// token, as a hostile or broken service could — reaches neither the thread's status message nor its failure
// reply: both say "an unexpected state" with a support id, and the raw text is logged once under that id.
import type { DubbingClient } from '@dubkit/core';
import { describe, expect, it } from 'vitest';
import { changeDeliveries } from '../jobs/notify.ts';
import { drawerOver } from '../test-support/drawer.ts';
import { jobRecord, targetRecord } from '../test-support/jobs.ts';
import { createDubbingService } from './client-service.ts';
import { supportIdOf } from './unexpected-status.ts';

const HOSTILE = 'merging cache-7.internal.example:8443 token=s3cr3t xoxb-9-9-leak_failed';
const LEAKS = ['cache', 'internal', 'example', '8443', 's3cr3t', 'token', 'xoxb', 'leak', 'merging'];

const target = targetRecord({ status: 'translation_started', terminal: false });

describe('a status the app does not know', () => {
  it('is shown as an unexpected state with a support id, its raw text only in the log', async () => {
    const logged: object[] = [];
    const service = createDubbingService({} as DubbingClient, {
      logger: { warn: (details) => logged.push(details) },
    });
    const info = service.describeStatus(HOSTILE);
    expect(info).toMatchObject({ failed: true, terminal: true, supportId: supportIdOf(HOSTILE) });
    const job = jobRecord({ id: 'j1' });
    const { drawer } = drawerOver(job, [target], (status) => service.describeStatus(status));
    const sent = JSON.stringify(
      await changeDeliveries(drawer, job, target, { id: 'p1', status: HOSTILE }, info, 2),
    );
    for (const leak of LEAKS) expect(sent, leak).not.toContain(leak);
    expect(sent).toContain(`an unexpected state (support id ${supportIdOf(HOSTILE)})`);
    // Described again on each redraw: the same id, logged once.
    expect(service.describeStatus(HOSTILE).label).toBe(info.label);
    expect(logged).toEqual([{ status: HOSTILE, supportId: supportIdOf(HOSTILE) }]);
    // One that does not end in _failed is a stage that goes on, named the same way.
    expect(service.describeStatus('warming token=s3cr3t')).toMatchObject({ failed: false, terminal: false });
    expect(service.describeStatus('translation_failed').supportId).toBeUndefined();
  });
});
