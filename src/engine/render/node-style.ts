import { safeHref } from '../commands/hyperlink';
import type { NodeRec } from '../model/doc';
import { progressOf } from './markers';
import { DEFAULT_TEXT } from '../model/types';
import { fontOf, fontSizeOfData } from '../layout/node-size';
import type { Connector } from '../layout/kinds';
import { nodeTypeForLevel, type Theme } from '../theme/themes';

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

export function nodeStyle(n: NodeRec, level: number, theme: Theme, connector: Connector | null, index?: number): NodeStyle {
  const d = n.data;
  const type = nodeTypeForLevel(level);
  const st = theme[type];
  const p = Number(d.priority);
  const img = d.imageSize && typeof d.imageSize === 'object' ? d.imageSize : null;
  return {
    id: n.id,
    parentId: n.parent ? n.parent.id : null,
    index: index ?? (n.parent ? n.parent.children.indexOf(n) : 0),
    level,
    text: d.text ?? '',
    font: fontOf(d, st),
    fontSize: fontSizeOfData(d, st),
    lineHeight: theme.lineHeight,
    color: typeof d.color === 'string' && d.color ? d.color : st.color,
    fill: typeof d.background === 'string' && d.background ? d.background : st.background,
    stroke: st.stroke,
    strokeWidth: st.strokeWidth,
    radius: st.radius,
    shape: st.shape,
    shadow: st.shadow,
    connector,
    connectColor: theme.connectColor,
    connectWidth: type === 'main' ? theme.mainConnectWidth : theme.connectWidth,
    priority: p >= 1 && p <= 9 ? p : null,
    progress: progressOf(d),
    isStudy: Number(d.isStudy) === 1,
    isNow: Number(d.isNow) === 1,
    hasNote: typeof d.note === 'string' && d.note !== '',
    href: d.hyperlink ? safeHref(d.hyperlink) : null,
    image: d.image ? String(d.image) : null,
    imageSize: img,
    collapsed: d.expandState === 'collapse',
    childCount: n.children.length,
    resource: Array.isArray(d.resource) ? d.resource.filter((r): r is string => typeof r === 'string') : [],
  };
}

export function displayText(text: string | undefined): string {
  return text ? text : DEFAULT_TEXT;
}
