// kityminder's .km-view font stack plus Noto CJK, which Debian/headless Chromium has.
export const FONT_FAMILY = '"STHeitiSC-Light","STHeiti","Hei","Heiti SC","Microsoft Yahei","Noto Sans CJK SC",Arial,sans-serif';
