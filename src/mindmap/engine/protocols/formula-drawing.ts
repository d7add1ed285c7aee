// The drawing of a typeset formula label the main thread hands the PDF export (pdf-formula.ts
// draws it): plain data, no pdf-lib, so the page can import these types and `formulaKey` without
// pulling the PDF code into its bundle. CSS px, relative to the label's top-left corner.

/** One run of characters on one baseline, in one face. */
export interface FormulaRun {
  t: string;
  /** Left edge and baseline. */
  x: number;
  y: number;
  /** Width the page gave the run (the PDF squeezes its own glyphs to it). */
  w: number;
  size: number;
  /** KaTeX face key (a `fonts` entry), or '' for the label's own font (the CJK font in the PDF). */
  face: string;
  bold?: boolean;
  italic?: boolean;
  /** Absent: the label's colour. */
  color?: string;
}

export interface FormulaRule {
  x: number;
  y: number;
  w: number;
  h: number;
  color?: string;
}

/** SVG paths (KaTeX's viewBox units), mapped into the label by `m` (a b c d e f, y down), clipped to `clip`. */
export interface FormulaPath {
  d: string[];
  m: [number, number, number, number, number, number];
  clip?: { x: number; y: number; w: number; h: number };
  color?: string;
  /** Stroked at this width (path units; \cancel's lines), not filled. */
  stroke?: number;
}

export interface FormulaDrawing {
  w: number;
  h: number;
  runs: FormulaRun[];
  rules: FormulaRule[];
  paths: FormulaPath[];
}

/** The key of a label's drawing: its CSS font and text, as the layout measured it. */
export const formulaKey = (font: string, text: string) => `${font}\u0001${text}`;
