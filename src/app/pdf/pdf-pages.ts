import { getLocal, setLocal, STORAGE_KEYS } from '../lib/storage';

/** How many documents' pages are remembered; the least recently read are forgotten first. */
export const MAX_REMEMBERED = 100;

type Counters = Record<string, number>;

function read(): Counters {
  const v = getLocal<unknown>(STORAGE_KEYS.pdfPage);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Counters) : {};
}

/**
 * SPEC §3 "pdf page counters": the page each PDF was last read at, kept in localStorage under
 * `pdfPage` as { documentId: page }, so reopening a document returns to that page. Anything
 * unreadable counts as page 1.
 */
export function loadPdfPage(docId: string): number {
  const page = read()[docId];
  return typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : 1;
}

export function savePdfPage(docId: string, page: number): void {
  const counters = read();
  // Re-inserting moves the document to the end: key order is the order of last reading.
  delete counters[docId];
  counters[docId] = page;
  const ids = Object.keys(counters);
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_REMEMBERED))) delete counters[old];
  setLocal(STORAGE_KEYS.pdfPage, counters);
}

/** A wanted page inside 1..pages (a stored page may be past the end of a document that shrank). */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));
