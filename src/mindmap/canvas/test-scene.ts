import type { NodeStyle, SceneNode } from './scene-types';

// Scene set-up shared by the canvas tests that build their scene by hand (imported by tests only).

/** A plain topic's style: a white rounded box, no border, 12 px text. */
export const plainStyle: NodeStyle = {
  fill: 0xffffff,
  stroke: null,
  strokeWidth: 0,
  textColor: 0,
  fontSize: 12,
  bold: false,
  italic: false,
  radius: 3,
  paddingX: 10,
};

/** Topic `n<i>` titled `t<i>`, a 60×20 box at (x, y): n0 is the root, every other topic its child. */
export const topicAt = (i: number, x: number, y: number): SceneNode => ({
  id: `n${i}`,
  x,
  y,
  w: 60,
  h: 20,
  text: `t${i}`,
  level: i ? 2 : 1,
  style: plainStyle,
  parent: i ? 'n0' : undefined,
});
