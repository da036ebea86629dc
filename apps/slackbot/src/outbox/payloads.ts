// What a file write carries in the outbox: a language's subtitle files are built from the project when they
// are sent (always the newest segments); any other file carries its content.

export interface FilesPayload {
  projectId: string;
  lang: string;
  /** File names without extension: "keynote.es". */
  baseName: string;
}

export interface FilePayload {
  filename: string;
  content: string;
  /** The message the file is posted with. */
  comment: string;
}
