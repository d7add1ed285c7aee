/**
 * Client-side captcha of SPEC §5: 4 characters from letters and digits with look-alikes removed
 * (0/O/o, 1/l/I/i, 2/Z/z, 5/S/s, 6/G, 9/g/q, u/v/V/U, c/C, k/K, p/P, w/W, x/X, y/Y, j/J, and L/t,
 * which a tilted bold glyph makes hard to tell apart: a walk misread one), compared
 * case-insensitively. The random source is injectable so tests are deterministic.
 */
export const CAPTCHA_ALPHABET = 'ABDEFHMNQRT3478abdefhmnr';
export const CAPTCHA_LENGTH = 4;

export type RandomSource = () => number;

export function generateCaptcha(random: RandomSource = Math.random): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) code += CAPTCHA_ALPHABET[Math.floor(random() * CAPTCHA_ALPHABET.length)];
  return code;
}

export function captchaMatches(input: string, code: string): boolean {
  return input.trim().toLowerCase() === code.toLowerCase();
}

/**
 * Paints the code on a canvas: each character is one fillText call with its own colour, size and
 * tilt, over noise lines and dots. (The e2e tests read the code the way a person reads the image:
 * they observe what was painted, by wrapping fillText in the page before the app loads. Nothing in
 * the production bundle exposes the code.)
 */
export function drawCaptcha(canvas: HTMLCanvasElement, code: string, random: RandomSource = Math.random): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const colour = (lo: number, hi: number) => `rgb(${between(lo, hi) | 0},${between(lo, hi) | 0},${between(lo, hi) | 0})`;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = colour(225, 250);
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  const step = width / (code.length + 1);
  for (let i = 0; i < code.length; i += 1) {
    ctx.save();
    ctx.font = `bold ${between(height * 0.55, height * 0.75) | 0}px Arial, sans-serif`;
    ctx.fillStyle = colour(30, 130);
    ctx.translate(step * (i + 0.6), height / 2);
    ctx.rotate((between(-25, 25) * Math.PI) / 180);
    ctx.fillText(code[i], 0, 0);
    ctx.restore();
  }
  for (let i = 0; i < 4; i += 1) {
    ctx.strokeStyle = colour(100, 200);
    ctx.beginPath();
    ctx.moveTo(between(0, width), between(0, height));
    ctx.lineTo(between(0, width), between(0, height));
    ctx.stroke();
  }
  for (let i = 0; i < 30; i += 1) {
    ctx.fillStyle = colour(0, 255);
    ctx.beginPath();
    ctx.arc(between(0, width), between(0, height), 1, 0, 2 * Math.PI);
    ctx.fill();
  }
}
