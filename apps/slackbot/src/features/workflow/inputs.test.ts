// The step's inputs as Workflow Builder may hand them over: arrays or comma lists, Slack's <link|label>
// wrapping, a file id, duplicates; and each wrong input named in Workflow Builder's words.
import { describe, expect, it } from 'vitest';
import { readStepInputs } from './inputs.ts';

const valid = { video: 'https://vimeo.com/1', languages: ['es', 'de'], channel: 'C123' };

describe('the "Dub a video" step’s inputs', () => {
  it('reads a link or a file id, languages as an array or a comma list, people once each', () => {
    expect(
      readStepInputs({ ...valid, approvers: ['U1AB', 'U1AB', 'W2CD'], wait_for_approval: true }),
    ).toEqual({
      ok: true,
      value: {
        video: { kind: 'link', link: 'https://vimeo.com/1' },
        languages: ['es', 'de'],
        channel: 'C123',
        approvers: ['U1AB', 'W2CD'],
        waitForApproval: true,
      },
    });
    const file = readStepInputs({ ...valid, video: 'F0VIDEO1', languages: 'es, ES,pt-br' });
    expect(file).toMatchObject({
      ok: true,
      value: { video: { kind: 'file', fileId: 'F0VIDEO1' }, languages: ['es', 'pt-br'], approvers: [] },
    });
    expect(readStepInputs({ ...valid, video: '<https://vimeo.com/2|vimeo.com/2>' })).toMatchObject({
      ok: true,
      value: { video: { link: 'https://vimeo.com/2' }, waitForApproval: false },
    });
  });

  it('names the input that is wrong, and what to give it', () => {
    const problem = (inputs: Record<string, unknown>) => {
      const read = readStepInputs({ ...valid, ...inputs });
      return read.ok ? undefined : read.problem;
    };
    expect(problem({ video: '' })).toBe(
      'The step’s “Video” input is empty: give it a link to a video, or a file.',
    );
    expect(problem({ video: 'https://example.com/deck.pdf' })).toMatch(
      /^The step’s “Video” input: .* does not look like a video/,
    );
    expect(problem({ languages: [] })).toBe(
      'The step’s “Languages” input is empty: give it language codes such as es and de.',
    );
    expect(problem({ languages: ['es', 'klingon'] })).toMatch(
      /^The step’s “Languages” input: "klingon" is not a language code/,
    );
    expect(problem({ languages: [3] })).toBe(
      'The step’s “Languages” input is not a list of language codes such as es and de.',
    );
    expect(problem({ channel: 'U123' })).toMatch(/^The step’s “Channel” input is not a channel/);
    expect(problem({ approvers: ['C123'] })).toMatch(
      /^The step’s “Approvers” input holds something other than people/,
    );
  });
});
