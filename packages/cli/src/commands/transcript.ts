// `dubkit transcript pull <project> --srt|--vtt|--json` and `dubkit transcript push <project> edited.srt`:
// review a transcript in any subtitle editor and send back only what changed.
import type { SegmentPatch } from '@dubkit/core';
import { formatTimecode, parseSrt, type SegmentSide, segmentsToSrt } from '@dubkit/srt';
import { subtitlesFromSegments, writeVtt } from '@dubkit/subtitles';
import type { Context } from '../context.ts';
import { inputError, usageError } from '../exit-codes.ts';
import { formatIssue, plural } from '../format.ts';
import { readTextFile } from '../input.ts';

function side(value: string | undefined): SegmentSide {
  if (value === undefined || value === 'dst') return 'dst';
  if (value === 'src') return 'src';
  throw usageError(`--side takes src or dst, not ${JSON.stringify(value)}`);
}

export async function transcriptPull(
  context: Context,
  id: string,
  options: { srt?: boolean; vtt?: boolean; side?: string },
): Promise<number> {
  if (options.srt && options.vtt) throw usageError('choose one of --srt, --vtt or --json');
  const which = side(options.side);
  const { segments } = await context.client.transcription.get(id);
  if (context.json) context.result({ segments });
  else if (options.vtt) context.io.stdout.write(writeVtt(subtitlesFromSegments(segments, which)));
  else context.io.stdout.write(segmentsToSrt(segments, which));
  return 0;
}

export async function transcriptPush(
  context: Context,
  id: string,
  file: string,
  options: { side?: string },
): Promise<number> {
  const which = side(options.side);
  const bytes = await readTextFile(file, context.io.cwd);
  const { cues, issues } = parseSrt(bytes);
  for (const issue of issues) context.note(formatIssue(file, issue));
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  if (errors > 0) throw inputError(`${file}: ${plural(errors, 'error')}; nothing was sent`);
  const [project, { segments }] = await Promise.all([
    context.client.projects.get(id),
    context.client.transcription.get(id),
  ]);
  // The file is the transcript as pulled, edited in place: cue n is segment n. Adding or removing cues is not
  // an edit this command can map to segments, so it is refused rather than guessed.
  if (cues.length !== segments.length) {
    throw inputError(
      `${file} has ${plural(cues.length, 'cue')} and the transcript ${plural(segments.length, 'segment')}; ` +
        'edit text and times, but keep one cue per segment',
    );
  }
  const fallbackLang = which === 'dst' ? project.dst_lang : (project.src_lang ?? undefined);
  const patches: SegmentPatch[] = [];
  cues.forEach((cue, index) => {
    const segment = segments[index]!;
    const patch: SegmentPatch = { id: segment.id };
    const current = segment[which];
    if ((current?.text ?? '') !== cue.text) {
      const lang = current?.lang ?? fallbackLang;
      if (!lang)
        throw inputError(`the project does not say its ${which === 'src' ? 'source' : 'target'} language`);
      patch[which] = { text: cue.text, lang };
    }
    const start = formatTimecode(cue.startMs);
    const end = formatTimecode(cue.endMs);
    if (start !== segment.start || end !== segment.end) Object.assign(patch, { start, end });
    if (Object.keys(patch).length > 1) patches.push(patch);
  });
  if (patches.length > 0) await context.client.transcription.updateSegments(id, patches);
  context.result({ updated: patches.map((patch) => patch.id) });
  context.say(`${plural(patches.length, 'segment')} updated`);
  return 0;
}
