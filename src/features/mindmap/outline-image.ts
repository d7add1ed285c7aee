import { downloadViewPng } from '../../app/lib/dom-image';
import { type OutlineLine, fileBase, editedLines } from '../../mindmap';

// 导出大纲图片: the 大纲 text as a picture, for sharing or printing: the root as its heading, one
// row per topic below it, indented by level. Built from the text as the student wrote it (so an
// unapplied edit is what the picture shows); text that cannot be read as an outline is refused
// with the same message as 应用到导图.

const INDENT_PX = 24;

export function outlineView(lines: readonly OutlineLine[]): HTMLElement {
  const view = document.createElement('div');
  view.className = 'mind-outline-image';
  const [root, ...rest] = lines;
  const title = document.createElement('h1');
  title.className = 'mind-outline-image__title';
  title.textContent = root?.title || '中心主题';
  view.appendChild(title);
  const list = document.createElement('ul');
  list.className = 'mind-outline-image__rows';
  for (const line of rest) {
    const row = document.createElement('li');
    row.className = `mind-outline-image__row is-level-${Math.min(line.level, 4)}`;
    row.style.paddingLeft = `${(line.level - 1) * INDENT_PX}px`;
    row.textContent = line.title || '分支主题';
    list.appendChild(row);
  }
  view.appendChild(list);
  return view;
}

/** Downloads the outline `text` as `<root>-大纲.png`; throws the parser's message on unreadable text. */
export async function exportOutlinePng(text: string): Promise<void> {
  const lines = editedLines(text);
  await downloadViewPng(outlineView(lines), `${fileBase(lines[0]?.title ?? '')}-大纲.png`);
}
