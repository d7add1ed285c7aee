import type { KmDocument } from '../model/types';
import { restoreDocument } from './restore';

// .km = JSON.stringify of {root, template, theme, version}: one line, insertion key order,
// nulls kept, undefined dropped. Byte-compatible with kityminder's json protocol.

export function decodeKm(text: string): KmDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`Invalid .km JSON: ${(e as Error).message}`);
  }
  return restoreDocument(raw);
}

export function encodeKm(doc: KmDocument): string {
  return JSON.stringify({ root: doc.root, template: doc.template, theme: doc.theme, version: doc.version });
}
