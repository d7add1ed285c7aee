import type { MindDoc } from '../../../mindmap/core';
import { refKey, type MapRef } from './map-log';

/** A student's map at `version`, indexed (the engine's MindDoc), as the last save in this process left it. */
export interface HeadEntry {
  doc: MindDoc;
  version: number;
  /**
   * Bytes of the map as .km text, kept up to date per applied change (changes.ts, sizeDelta) so
   * the 5 MB limit of a whole save holds for change sets without serialising the map; measured
   * once when first needed.
   */
  bytes?: number;
}

/**
 * The heads of the maps being edited, per process (issue 30): a change set is applied to the map
 * as it is, and parsing a 40,000-topic map to apply one rename is what this avoids. LRU by
 * map (a case map: student + case; an own map: its id), bounded by the topics held (a 50,000-topic map is ~60 MB indexed). An entry is
 * only ever trusted at the version the database says (head.ts compares with the locked row), so
 * another process writing the same map costs a replay or a rebuild, never a wrong map.
 *
 * A writer `take`s the entry out while it applies sets under the row lock and `put`s it back once
 * committed: readers meanwhile miss and read the database, and never see a map mid-transaction.
 */
export class MapHeads {
  private readonly entries = new Map<string, { entry: HeadEntry; nodes: number }>();
  private nodes = 0;

  constructor(readonly maxNodes = 200_000) {}

  /** The entry, out of the cache: the caller owns it until it puts it back. */
  take(ref: MapRef): HeadEntry | undefined {
    const key = refKey(ref);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.nodes -= hit.nodes;
    return hit.entry;
  }

  /** The version cached for this map, if any (readers decide whether to read the stored document). */
  versionOf(ref: MapRef): number | undefined {
    return this.entries.get(refKey(ref))?.entry.version;
  }

  /** The map at exactly `version`, to read from (never to change: it stays cached). */
  peek(ref: MapRef, version: number): MindDoc | undefined {
    const key = refKey(ref);
    const hit = this.entries.get(key);
    if (!hit || hit.entry.version !== version) return undefined;
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.entry.doc;
  }

  /** Puts a committed head back; an entry already newer (another request's) is kept instead. */
  put(ref: MapRef, entry: HeadEntry): void {
    const key = refKey(ref);
    const old = this.entries.get(key);
    if (old && old.entry.version >= entry.version) return;
    if (old) this.drop(ref);
    const nodes = entry.doc.size;
    if (nodes > this.maxNodes) return;
    this.entries.set(key, { entry, nodes });
    this.nodes += nodes;
    for (const [k, v] of this.entries) {
      if (this.nodes <= this.maxNodes) break;
      this.entries.delete(k);
      this.nodes -= v.nodes;
    }
  }

  drop(ref: MapRef): void {
    const key = refKey(ref);
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    this.nodes -= hit.nodes;
  }

  /** Topics held, for tests and the bound. */
  get size(): number {
    return this.nodes;
  }
}
