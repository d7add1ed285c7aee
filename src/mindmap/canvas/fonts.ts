// kityminder's .km-view font stack plus Noto CJK, which Debian/headless Chromium has, and the
// systems' colour emoji fonts (a title with 🎉 is drawn, not a box).
export const FONT_FAMILY =
  '"STHeitiSC-Light","STHeiti","Hei","Heiti SC","Microsoft Yahei","Noto Sans CJK SC",Arial,"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji",sans-serif';
