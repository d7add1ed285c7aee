import { randomUUID } from 'node:crypto';

/** Ids are opaque strings (DESIGN §4); random so they cannot be enumerated. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
