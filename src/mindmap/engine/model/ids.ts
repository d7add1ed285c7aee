// kityminder-style ids: (now_ms * 1e6 + random) in base 36, about 12 characters.
// We add a per-process counter so two ids minted in the same millisecond differ even when
// Math.random collides; uniqueness inside a document is still enforced by MindDoc.
let counter = 0;

export function newId(): string {
  counter = (counter + 1) % 1296;
  const base = (Date.now() * 1e6 + Math.floor(Math.random() * 1e6)).toString(36);
  return base.slice(0, 10) + counter.toString(36).padStart(2, '0');
}
