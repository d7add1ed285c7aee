import type { Graphics } from 'pixi.js';

// Where other people are on a shared map (live co-editing): a ring in the member's colour round
// the topic they have selected — thicker while they type its title — and a dot with the first
// character of their name on its top-left corner, outside the laid-out content like the other
// marks, so the layout is the same whoever is there. Which topics carry one is the page's
// (the live socket's presence), set on the canvas like the 待复习 marks; painting asks per visible
// node. The colour is the member's (a palette readable on white); the dot's letter is white.

export interface PresenceMark {
  /** 0xrrggbb */
  colour: number;
  /** the first character of the member's name */
  initial: string;
  /** typing this topic's title (not only selected) */
  editing: boolean;
  /** who, as the page names them (a delete of what they are typing in is refused by name) */
  name?: string;
  /** the student's own other page (its typing holds a delete back too, said as 你的另一个页面) */
  mine?: boolean;
}

export const PRESENCE_FONT = 11;
const R = 9;
const GAP = 4;

/** Centre of the dot of box (x, y): on the top-left corner. */
export function presenceDotCentre(x: number, y: number): { cx: number; cy: number } {
  return { cx: x + R - 2, cy: y - 2 };
}

export function drawPresenceMark(g: Graphics, x: number, y: number, w: number, h: number, mark: PresenceMark): void {
  g.roundRect(x - GAP, y - GAP, w + 2 * GAP, h + 2 * GAP, 6).stroke({ color: mark.colour, width: mark.editing ? 3 : 2 });
  const { cx, cy } = presenceDotCentre(x, y);
  g.circle(cx, cy, R).fill(mark.colour).stroke({ color: 0xffffff, width: 1.5 });
}

/** '#d9480f' → 0xd9480f (a malformed colour draws grey rather than nothing). */
export function colourNumber(hex: string): number {
  return /^#[0-9a-f]{6}$/i.test(hex) ? parseInt(hex.slice(1), 16) : 0x666666;
}
