// Stable ids: the same name always gives the same UUID, so that preset voices keep their ids across runs.
import { createHash } from 'node:crypto';

/** A name-based UUID (version 5 layout over SHA-256 of `name`): `8-4-4-4-12` lower-case hex. */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
