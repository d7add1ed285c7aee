import { newId } from '../model/ids';
import type { Relationship } from '../model/items';
import type { KmDocument, KmNode, KmNodeData, Offset } from '../model/types';
import type { Lost } from './lost';
import { attr, el, elements, firstElement, kidsOf, ownText, textItem, xmlText, type XmlItem } from './xml';

// Relationship lines (关联线) in the exchange formats: XMind 2020 content.json
// (`relationships: [{id, end1Id, end2Id, title, controlPoints: {"0": {x, y}, "1": {x, y}}}]` per
// sheet), XMind 8 content.xml (`<relationships><relationship end1 end2><title>
// <control-points><control-point index><position svg:x svg:y>`) and FreeMind .mm
// (`<arrowlink DESTINATION>` in the source node). A file's ends are topic ids of the file;
// the decoders record which node each topic became (`Ends`), and a line whose end is unknown
// (a topic of another sheet, a detached topic) is counted as lost, never half-kept.

/** A file's topic id → the data of the node it became. */
export type Ends = Map<string, KmNodeData>;

/** A line as the file states it, before its ends are known to be nodes. */
export interface RawRelation {
  end1: string | undefined;
  end2: string | undefined;
  title?: string;
  controls?: [Offset, Offset];
  /** The file's curve has no offsets of ours (XMind's polar form, FreeMind's inclinations): counted if the line is kept. */
  curveLost?: boolean;
}

/**
 * The node id of an end, given one if it had none yet: decoded nodes get their ids when the
 * document is restored, which is too late for a line to point at them. The id goes first, as
 * restore puts it (kityminder's key order), keeping the data object (pending images hold it).
 */
function idOf(d: KmNodeData): string {
  if (typeof d.id === 'string' && d.id) return d.id;
  const rest = { ...d };
  for (const k of Object.keys(d)) delete d[k];
  d.id = newId();
  Object.assign(d, rest);
  return d.id;
}

/** The lines of a file whose both ends are nodes of the map; the others are counted as lost. */
export function relationsIn(raw: readonly RawRelation[], ends: Ends, lost: Lost): Relationship[] {
  const out: Relationship[] = [];
  const pairs = new Set<string>();
  for (const r of raw) {
    const a = r.end1 ? ends.get(r.end1) : undefined;
    const b = r.end2 ? ends.get(r.end2) : undefined;
    if (!a || !b || a === b) {
      lost.add('relationship');
      continue;
    }
    const rel: Relationship = { id: newId(), from: idOf(a), to: idOf(b) };
    // Our maps hold one line per pair and direction (addRelationship's rule).
    if (pairs.has(`${rel.from}\n${rel.to}`)) {
      lost.add('relationship');
      continue;
    }
    pairs.add(`${rel.from}\n${rel.to}`);
    if (r.title) rel.title = r.title;
    if (r.controls) rel.controls = r.controls;
    if (r.curveLost) lost.add('curve');
    out.push(rel);
  }
  return out;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e6 ? n : null;
};
const point = (x: unknown, y: unknown): Offset | null => {
  const px = num(x);
  const py = num(y);
  return px === null || py === null ? null : { x: px, y: py };
};
const pair = (a: Offset | null, b: Offset | null): [Offset, Offset] | undefined => (a && b ? [a, b] : undefined);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * A control point as XMind states it. Its position (svg:x, svg:y; x, y) is an offset from the
 * centre of its end's topic, which is what ours are (model/items.ts): kept as it is. XMind also
 * writes the polar form (angle and amount: a fraction of the distance between the ends), which
 * needs the laid-out map to place; such a line keeps its ends and title with the automatic curve,
 * and its curve is counted as lost (relationsIn, once the line is kept).
 */
function control(x: unknown, y: unknown, polar: boolean, seen: { polar: boolean }): Offset | null {
  const p = point(x, y);
  if (!p && polar) seen.polar = true;
  return p;
}

function controlsOf(at: (i: string) => Offset | null, seen: { polar: boolean }): Pick<RawRelation, 'controls' | 'curveLost'> {
  const controls = pair(at('0'), at('1'));
  return controls ? { controls } : seen.polar ? { curveLost: true } : {};
}

/** content.json's `relationships` of a sheet. */
export function xmindJsonRelations(list: unknown): RawRelation[] {
  if (!Array.isArray(list)) return [];
  return list.map((r): RawRelation => {
    if (!isObj(r)) return { end1: undefined, end2: undefined };
    const cp = isObj(r.controlPoints) ? r.controlPoints : {};
    const seen = { polar: false };
    const at = (k: string) => (isObj(cp[k]) ? control(cp[k].x, cp[k].y, cp[k].amount !== undefined || cp[k].angle !== undefined, seen) : null);
    return { end1: str(r.end1Id), end2: str(r.end2Id), title: str(r.title), ...controlsOf(at, seen) };
  });
}

/** content.xml's `<relationships>` of a sheet. */
export function xmind8Relations(sheetKids: XmlItem[]): RawRelation[] {
  const group = firstElement(sheetKids, 'relationships');
  return (group ? elements(kidsOf(group), 'relationship') : []).map((r) => {
    const kids = kidsOf(r);
    const title = firstElement(kids, 'title');
    const cps = firstElement(kids, 'control-points');
    const seen = { polar: false };
    const at = (i: string) => {
      const cp = cps ? elements(kidsOf(cps), 'control-point').find((c) => attr(c, 'index') === i) : undefined;
      if (!cp) return null;
      // <position svg:x svg:y/> inside, or (as some writers put it) svg:x and svg:y on the point itself.
      const pos = firstElement(kidsOf(cp), 'position') ?? cp;
      return control(attr(pos, 'x'), attr(pos, 'y'), attr(cp, 'amount') !== undefined || attr(cp, 'angle') !== undefined, seen);
    };
    return { end1: attr(r, 'end1'), end2: attr(r, 'end2'), title: title ? ownText(title) : undefined, ...controlsOf(at, seen) };
  });
}

/** Ids of every node of a document (a line is written only when both its ends are). */
function nodeIds(root: KmNode): Set<string> {
  const ids = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n.data.id === 'string') ids.add(n.data.id);
    for (const c of n.children ?? []) stack.push(c);
  }
  return ids;
}

/** The document's lines whose ends are both in it (a line to a removed node is not drawn either). */
export function liveRelations(doc: KmDocument): Relationship[] {
  const list = doc.relationships ?? [];
  if (!list.length) return [];
  const ids = nodeIds(doc.root);
  return list.filter((r) => ids.has(r.from) && ids.has(r.to));
}

/** content.json's `relationships`: topic ids are the node ids (xmind-export.ts). */
export function xmindJsonRelationsOut(doc: KmDocument): Record<string, unknown>[] {
  return liveRelations(doc).map((r) => {
    const o: Record<string, unknown> = { id: r.id, end1Id: r.from, end2Id: r.to };
    if (r.title) o.title = r.title;
    if (r.controls) o.controlPoints = { '0': { ...r.controls[0] }, '1': { ...r.controls[1] } };
    return o;
  });
}

/** content.xml's `<relationships>` from content.json's (xmind8-export.ts). */
export function xmind8RelationsOut(list: readonly Record<string, unknown>[], lost: Lost): XmlItem | null {
  if (!list.length) return null;
  const esc = (v: unknown) => xmlText(String(v), lost);
  const rels = list.map((r) => {
    const kids: XmlItem[] = [];
    if (r.title) kids.push(el('title', null, [textItem(esc(r.title))]));
    const cp = r.controlPoints as Record<string, Offset> | undefined;
    if (cp)
      kids.push(
        el(
          'control-points',
          null,
          ['0', '1'].map((i) => el('control-point', { index: i }, [el('position', { 'svg:x': esc(cp[i].x), 'svg:y': esc(cp[i].y) })])),
        ),
      );
    return el('relationship', { id: esc(r.id), end1: esc(r.end1Id), end2: esc(r.end2Id) }, kids);
  });
  return el('relationships', null, rels);
}
