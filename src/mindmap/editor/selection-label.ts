import type { EditorController } from './controller';
import { describe } from './AriaSummaries';

// The map's keyboard target's name, also said in the live region when it changes: what is
// selected. Several topics are all named (in outline order, up to LIST_MAX, then 等), not only
// the last one clicked: 已选中 3 个主题：右一甲、右一乙、右一丙.

const LIST_MAX = 5;

const topicText = (ctl: EditorController, id: string) => ctl.model.say(ctl.model.get(id)?.text ?? '') || '分支主题';

export function selectionLabel(ctl: EditorController, lineSelected: string | null): string {
  const summary = ctl.state.summary ? ctl.model.summaries.get(ctl.state.summary) : undefined;
  if (summary) return `思维导图，已选中${describe(ctl, summary)}`;
  const ids = ctl.state.selection.filter((id) => ctl.model.has(id));
  const line = !ids.length && lineSelected ? ctl.relations.list.find((r) => r.id === lineSelected) : undefined;
  if (line) return `思维导图，已选中关联线：${ctl.relations.describe(line)}`;
  if (ids.length > 1) {
    const { index } = ctl.model.rows();
    const order = [...ids].sort((a, b) => (index.get(a) ?? 0) - (index.get(b) ?? 0));
    const names = order.slice(0, LIST_MAX).map((id) => topicText(ctl, id));
    return `思维导图，已选中 ${ids.length} 个主题：${names.join('、')}${ids.length > LIST_MAX ? ' 等' : ''}`;
  }
  const node = ids.length ? ctl.model.get(ids[0]) : undefined;
  return node ? `思维导图，已选中：${topicText(ctl, node.id)}（第 ${node.level} 级）` : '思维导图，未选中主题';
}
