// The "Dub a video" step's inputs as a workflow hands them over, checked like a command's words: Workflow
// Builder fills them from a form, a variable or a person's typing, so each may be missing or of the wrong kind.
// A problem is said in Workflow Builder's words (the input's name as the step shows it), since it is the
// workflow's builder who reads it, in the workflow's activity.
import { checkVideoLink, type Parsed, parseDestinations, unwrapSlackLink } from '../../domain/requests.ts';
import type { StepInputs } from '../../store/store.ts';

/** The step's callback id: workflows built on it keep working across versions, so it never changes. */
export const DUB_VIDEO_STEP = 'dub_video';

/** The video: a link the service opens, or a Slack file (by id) shared in the step's channel. */
export type StepVideo = { kind: 'link'; link: string } | { kind: 'file'; fileId: string };

export interface DubVideoInputs extends StepInputs {
  video: StepVideo;
  channel: string;
}

const FILE_ID = /^F[A-Z0-9]{2,}$/;
const CHANNEL_ID = /^[CG][A-Z0-9]{2,}$/;
const USER_ID = /^[UW][A-Z0-9]{2,}$/;

/** What a list input holds: Workflow Builder sends an array; a single value or a comma list is taken too. */
function listOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return undefined;
}

export function readStepInputs(inputs: Record<string, unknown>): Parsed<DubVideoInputs> {
  const problem = (text: string): Parsed<never> => ({ ok: false, problem: text });
  const rawVideo = typeof inputs.video === 'string' ? unwrapSlackLink(inputs.video.trim()) : '';
  if (!rawVideo) return problem('The step’s “Video” input is empty: give it a link to a video, or a file.');
  let video: StepVideo;
  if (FILE_ID.test(rawVideo)) video = { kind: 'file', fileId: rawVideo };
  else {
    const link = checkVideoLink(rawVideo);
    if (!link.ok) return problem(`The step’s “Video” input: ${link.problem}`);
    video = { kind: 'link', link: link.value };
  }
  const langs = listOf(inputs.languages);
  if (!langs)
    return problem('The step’s “Languages” input is not a list of language codes such as es and de.');
  if (langs.length === 0)
    return problem('The step’s “Languages” input is empty: give it language codes such as es and de.');
  const destinations = parseDestinations(langs.join(','));
  if (!destinations.ok) return problem(`The step’s “Languages” input: ${destinations.problem}`);
  const channel = typeof inputs.channel === 'string' ? inputs.channel : '';
  if (!CHANNEL_ID.test(channel))
    return problem('The step’s “Channel” input is not a channel: pick the channel the dub is posted in.');
  const approvers = listOf(inputs.approvers);
  if (!approvers || approvers.some((id) => !USER_ID.test(id)))
    return problem('The step’s “Approvers” input holds something other than people: pick people only.');
  const wait = inputs.wait_for_approval;
  return {
    ok: true,
    value: {
      video,
      languages: destinations.value,
      channel,
      approvers: approvers.filter((id, i) => approvers.indexOf(id) === i),
      waitForApproval: wait === true || wait === 'true',
    },
  };
}
