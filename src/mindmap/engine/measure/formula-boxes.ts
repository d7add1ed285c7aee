import { hasFormula } from '../render/formula';

// Sizes of labels that hold formulas (issue 19.3). The engine has no DOM and cannot typeset:
// the main thread renders such a label with KaTeX, measures it and sends its box (and its
// colour-free markup, for the SVG export) here, keyed by (CSS font, text). Until then the label
// is sized as plain text and listed in `takeRequests()`, which every render patch carries to the
// main thread. Labels without `$` never get here (node-size.ts checks first).

export interface FormulaBox {
  font: string;
  text: string;
  w: number;
  h: number;
  /** The label as XHTML (text runs + KaTeX's HTML), colour and font inherited from its wrapper. */
  html: string;
}

const keyOf = (font: string, text: string) => `${font}\u0001${text}`;

export class FormulaBoxes {
  /** The map's `$` are literal text (KmDocument.formulas 'none'): no label is a formula. */
  literal = false;
  private boxes = new Map<string, FormulaBox>();
  private markup = new Map<string, string>();
  /** Texts with `$` that hold no formula: parsed once. */
  private plain = new Set<string>();
  private pending = new Map<string, [string, string]>();

  /** The measured box of a formula label; undefined for plain text or one not measured yet (then requested). */
  box(font: string, text: string): FormulaBox | undefined {
    if (this.literal || this.plain.has(text)) return undefined;
    const key = keyOf(font, text);
    const b = this.boxes.get(key);
    if (b) return b;
    if (!hasFormula(text)) {
      this.plain.add(text);
      return undefined;
    }
    this.pending.set(key, [font, text]);
    return undefined;
  }

  /** Boxes measured on the main thread; returns the texts whose size is now known. */
  set(list: readonly FormulaBox[]): Set<string> {
    const texts = new Set<string>();
    if (this.literal) return texts;
    for (const b of list) {
      if (!(b.w > 0 && b.h > 0) || !hasFormula(b.text)) continue; // nothing the main thread says can break a layout
      const key = keyOf(b.font, b.text);
      this.boxes.set(key, b);
      this.markup.set(b.text, b.html);
      this.pending.delete(key);
      texts.add(b.text);
    }
    return texts;
  }

  /** The label markup for the SVG export, once measured. */
  html(text: string): string | undefined {
    return this.markup.get(text);
  }

  /** [font, text] of formula labels laid out as plain text since the last call. */
  takeRequests(): Array<[string, string]> {
    if (!this.pending.size) return [];
    const out = [...this.pending.values()];
    this.pending.clear();
    return out;
  }
}
