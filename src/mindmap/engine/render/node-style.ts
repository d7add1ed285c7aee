import type { NodeRec } from '../model/doc';
import { priorityOf, progressOf } from './markers';
import { DEFAULT_TEXT } from '../model/types';
import type { Connector } from '../layout/kinds';
import type { Theme } from '../theme/themes';
import { extraOf, lookOf } from './render-patch';

/** Everything a renderer needs to draw one node, as plain data (structured-clone friendly). */
export interface NodeStyle {
  id: string;
  parentId: string | null;
  /** Index among the parent's children (for ordering, ARIA trees). */
  index: number;
  /** Root = 1. */
  level: number;
  text: string;
  font: string;
  fontSize: number;
  lineHeight: number;
  color: string;
  fill: string;
  stroke: string;
  strokeWidth: number;
  radius: number;
  shape: 'rect' | 'circle';
  shadow: string | null;
  connector: Connector | null;
  connectColor: string;
  connectWidth: number;
  priority: number | null;
  /** kityminder progress 1–9 (pie), null when unset. */
  progress: number | null;
  isStudy: boolean;
  isNow: boolean;
  hasNote: boolean;
  /** Whitelisted href (http, https, ftp, mailto) or '#'; null when no link. */
  href: string | null;
  image: string | null;
  imageSize: { width: number; height: number } | null;
  collapsed: boolean;
  childCount: number;
  resource: string[];
}

/** The SVG export's per-node view: the node's look (render-patch.ts#lookOf) and fields, as one object. */
export function nodeStyle(n: NodeRec, level: number, theme: Theme, connector: Connector | null, index?: number): NodeStyle {
  const d = n.data;
  const l = lookOf(n, level, theme, connector);
  const x = extraOf(n);
  return {
    id: n.id,
    parentId: n.parent ? n.parent.id : null,
    index: index ?? (n.parent ? n.parent.children.indexOf(n) : 0),
    level,
    text: d.text ?? '',
    font: l.font,
    fontSize: l.fontSize,
    lineHeight: l.lineHeight,
    color: l.color,
    fill: l.fill,
    stroke: l.stroke,
    strokeWidth: l.strokeWidth,
    radius: l.radius,
    shape: l.shape,
    shadow: l.shadow,
    connector,
    connectColor: l.connectColor,
    connectWidth: l.connectWidth,
    priority: priorityOf(d),
    progress: progressOf(d),
    isStudy: Number(d.isStudy) === 1,
    isNow: Number(d.isNow) === 1,
    hasNote: typeof d.note === 'string' && d.note !== '',
    href: x?.href ?? null,
    image: x?.image ?? null,
    imageSize: x?.imageSize ?? null,
    collapsed: d.expandState === 'collapse',
    childCount: n.children.length,
    resource: x?.resource ?? [],
  };
}

export function displayText(text: string | undefined): string {
  return text ? text : DEFAULT_TEXT;
}
