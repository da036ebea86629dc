// What a glossary import is made from: the file's bytes and what the person chose for it. Shared by the
// glossary service and the termbase offers (which import one chosen pair at a time).
import type { GlossaryTable } from '@dubkit/glossary-csv';

export interface ImportInput {
  bytes: Uint8Array;
  /** The same file already decoded and split (a termbase's, read once for all its pairs): parsed from instead. */
  table?: GlossaryTable;
  fileName: string;
  name: string;
  /** Chosen in the dialog; null to take them from the file's header. */
  srcLang: string | null;
  dstLang: string | null;
  channel: string;
  userId: string;
  makeDefault: boolean;
  /** Set when this is one pair chosen from a termbase's offer (termbases.ts). */
  onePairOfMany?: boolean;
}
