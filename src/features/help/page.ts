/** A valid 1-based page number from the query, else 1. */
export function pageFrom(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
