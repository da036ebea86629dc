// Record ids: short and random. A job's id is also its tag in project names, so it must be unique and
// searchable through the service's name filter.
import { randomBytes } from 'node:crypto';

export function newId(): string {
  return randomBytes(8).toString('hex');
}
