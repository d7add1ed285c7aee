import type { Relationship, Summary } from './items';

// The .km document shape (kityminder 1.4.x) plus the Xuetu node fields of SPEC §3.
// Unknown keys are allowed on purpose: they must survive a .km round trip untouched.

export interface Offset {
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export interface KmNodeData {
  id?: string;
  created?: number;
  text?: string;
  note?: string | null;
  hyperlink?: string | null;
  hyperlinkTitle?: string | null;
  image?: string;
  imageTitle?: string;
  imageSize?: ImageSize | '' | null;
  isContent?: number | string | null;
  priority?: number | string | null;
  progress?: number | string | null;
  isNow?: number | string | null;
  isStudy?: number | string | null;
  layout?: string | null;
  color?: string;
  background?: string;
  'font-family'?: string;
  'font-size'?: number;
  'font-weight'?: string;
  'font-style'?: string;
  expandState?: 'expand' | 'collapse';
  resource?: string[] | null;
  // layout_<L>_offset keys and any unknown custom key.
  [key: string]: unknown;
}

export interface KmNode {
  data: KmNodeData;
  children?: KmNode[];
}

export interface KmDocument {
  root: KmNode;
  template: string;
  theme: string;
  version: string;
  /** Document-level items (model/items.ts); absent when the map has none. */
  relationships?: Relationship[];
  summaries?: Summary[];
  /**
   * 'none': every `$` of the map is literal text, never a formula (a .km from kityminder/百度脑图,
   * protocols/km-formulas.ts). Absent: `$…$` are formulas (render/formula.ts), this editor's rule.
   */
  formulas?: 'none';
}

export const KM_VERSION = '1.4.43';
export const DEFAULT_TEXT = '分支主题';
export const ROOT_TEXT = '中心主题';
/** Levels count from the root = 1 (Xuetu convention): a map holds at most 4 levels. */
export const MAX_LEVEL = 4;
export const DEPTH_ERROR = '不能插入4级主题以下的节点';
/** Moves the rules refuse (messages shown to the student as they are). */
export const ROOT_MOVE_ERROR = '根主题不能移动';
export const OWN_SUBTREE_ERROR = '不能把主题移到它自己的下级主题中';
