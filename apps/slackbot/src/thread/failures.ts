// What to tell people when a language's dub fails: one plain explanation per terminal status, saying what
// to do next, and whether pressing Retry can help. A detail (the service's or the app's words) is scrubbed of
// addresses, tokens and stack frames first: those stay in the logs.
import { scrub } from '../errors/public.ts';

export interface FailureExplanation {
  text: string;
  /** Retrying the same input can succeed (a transient or fixable cause). */
  retry: boolean;
}

/** `stage` is the human label of the stage the project stopped in ("Translating"), when known. */
export function explainFailure(status: string, stage?: string, detail?: string): FailureExplanation {
  switch (status) {
    case 'no_audio':
      return {
        text: 'The video has no sound track, so there is nothing to dub. Upload a version with audio.',
        retry: false,
      };
    case 'no_words':
      return {
        text: 'No speech was found. If the video has speech, check that the source language is right and try again.',
        retry: true,
      };
    case 'forbidden_link':
      return {
        text: 'The service could not open that link (private or restricted). Make it public, or upload the file here.',
        retry: true,
      };
    case 'minutes_failed':
      return {
        text:
          'Not started: the languages chosen need more minutes than are left, so none was started. ' +
          'Add minutes, then press Retry — or Retry only the languages you need most.',
        retry: true,
      };
    case 'upload_failed':
      return {
        text: `The video could not be uploaded${detail ? `: ${scrub(detail)}` : ''}.`,
        retry: true,
      };
    default:
      // A detail comes from the app itself (a refused or deleted project): it says more than a stage could.
      // "Failed", never "stopped": that word is a person's Stop.
      if (detail) return { text: `Dubbing failed. ${sentence(scrub(detail))}`, retry: true };
      return {
        // The generic `failed` status has no stage of its own to name.
        text: `Dubbing failed${stage && status !== 'failed' ? ` while ${lowerFirst(stage)}` : ''}.`,
        retry: true,
      };
  }
}

function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** "Translating" as it reads inside a sentence. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
