// @dubkit/glossary-csv: term lists exported as CSV or TSV ⇄ the dubbing service's glossary entries.
export {
  type ComplianceFinding,
  type ComplianceOptions,
  type ComplianceSegment,
  checkGlossaryCompliance,
  GlossaryMatcher,
  type MissingTerm,
} from './compliance.ts';
export { GlossaryCsvError } from './errors.ts';
export { formatGlossaryCsv } from './format.ts';
export { type GlossaryTable, parseGlossaryCsv, readGlossaryTable } from './parse.ts';
export { MAX_GLOSSARY_BYTES, MAX_TERM_BYTES, validateGlossaryEntries } from './rules.ts';
export type {
  Delimiter,
  FormatGlossaryOptions,
  GlossaryIssue,
  GlossaryLike,
  HeaderKind,
  IssueCode,
  IssueSeverity,
  ParsedGlossary,
  ParseGlossaryOptions,
  ParseStats,
  TextEncodingName,
} from './types.ts';
