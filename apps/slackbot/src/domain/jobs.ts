// What a job is about, in the app's own words: where its video comes from and what was chosen for it. The
// store keeps these; requests and drops produce them.

/** Where the video comes from: a link, or a file shared in Slack. */
export type JobSource =
  | { kind: 'link'; link: string }
  | { kind: 'file'; fileId: string; name: string; size: number; mimetype: string; url: string };

/** The languages to dub into, the spoken language (null: detected) and the speakers (null: detected). */
export interface JobChoice {
  dstLangs: string[];
  srcLang: string | null;
  numSpeakers: number | null;
}
