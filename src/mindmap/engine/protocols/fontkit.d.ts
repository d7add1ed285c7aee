// fontkit 2 ships no types: the little of it the PDF export uses (pdf-font.ts). pdf-lib reaches
// the rest of the font object through its own Fontkit type.
declare module 'fontkit' {
  export interface FontkitFont {
    hasGlyphForCodePoint(codePoint: number): boolean;
    postscriptName: string;
    createSubset(): { encode(): Uint8Array };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
