import type { KmDocument } from '../model/types';
import { decodeKm, encodeKm } from './km';
import { decodeMarkdown, encodeMarkdown } from './markdown';
import { restoreDocument } from './restore';
import { decodeText, encodeText } from './text';

export type TextFormat = 'km' | 'md' | 'txt';

export const FORMATS: readonly TextFormat[] = ['km', 'md', 'txt'];

export function isTextFormat(f: string): f is TextFormat {
  return (FORMATS as readonly string[]).includes(f);
}

/** parse → restore → validate. Throws the user-facing message; never touches a live document. */
export function importDocument(format: TextFormat, text: string): KmDocument {
  switch (format) {
    case 'km':
      return decodeKm(text);
    case 'txt': {
      const node = decodeText(text);
      if (!node) throw new Error('Invalid local format');
      return restoreDocument(node);
    }
    case 'md':
      return restoreDocument(decodeMarkdown(text));
  }
}

export function exportDocument(format: TextFormat, doc: KmDocument): string {
  switch (format) {
    case 'km':
      return encodeKm(doc);
    case 'txt':
      return encodeText(doc.root);
    case 'md':
      return encodeMarkdown(doc.root);
  }
}
