import type { MapModel } from './map-model';

// What the editor's live region says after an edit (screen readers, SPEC language: Chinese).
// Only document edits are announced; view changes (expand, zoom, select) speak through the
// selection label instead.

// Formulas are said as their LaTeX source (公式：a^2+b^2=c^2), never as KaTeX's glyphs.
const title = (model: MapModel, id: unknown): string => (typeof id === 'string' ? model.say(model.get(id)?.text ?? '') || '分支主题' : '分支主题');
const count = (ids: unknown): number => (Array.isArray(ids) ? ids.length : 1);

/** The announcement for engine command `name` run with `args` that returned `result`; '' = none. */
export function announcement(model: MapModel, name: string, args: readonly unknown[], result: unknown): string {
  switch (name) {
    case 'appendChild':
      return `已添加子主题：${title(model, result)}`;
    case 'appendSibling':
      // the root has no siblings: Enter on it adds a child (as the engine does), and is said so
      return `${args[0] === model.rootId ? '已添加子主题' : '已添加同级主题'}：${title(model, result)}`;
    case 'appendParent':
      return `已添加上级主题：${title(model, result)}`;
    case 'removeNode':
      return count(args[0]) > 1 ? `已删除 ${count(args[0])} 个主题` : '已删除主题';
    case 'editText':
      return `已修改为：${model.say(String(args[1] ?? '')) || '分支主题'}`;
    case 'setStudy':
      return args[1] ? '已标记已学' : '已取消已学';
    case 'setNow':
      return args[1] ? '已标记正在学' : '已取消正在学';
    case 'priority':
      return args[1] ? `已设置优先级 ${String(args[1])}` : '已移除优先级';
    case 'moveNode':
      return `已移动：${title(model, args[0])}`;
    case 'moveNodes':
      return `已移动 ${count(result)} 个主题`;
    case 'arrange':
      return args[1] === -1 ? '已上移' : '已下移';
    case 'paste':
      return '已粘贴';
    case 'cut':
      return '已剪切';
    case 'hyperlink':
      return args[1] ? '已设置链接' : '已移除链接';
    case 'setNote':
      return '已保存备注';
    case 'image':
      return args[1] ? '已设置图片' : '已移除图片';
    case 'replaceText':
      return '已替换';
    case 'applyOutline':
      return '已将大纲应用到导图';
    case 'addRelationship':
      return `已添加关联线：${title(model, args[0])} → ${title(model, args[1])}`;
    case 'removeRelationship':
      return count(args[0]) > 1 ? `已删除 ${count(args[0])} 条关联线` : '已删除关联线';
    case 'setRelationshipTitle':
      return args[1] ? `关联线标签已改为：${String(args[1])}` : '已移除关联线标签';
    case 'setRelationshipControls':
      return '已调整关联线';
    case 'addSummary':
      return `已添加概要：${model.say(String(args[1] ?? '')) || '概要'}`;
    case 'removeSummary':
      return '已删除概要';
    case 'summaryText':
      return `概要已修改为：${model.say(String(args[1] ?? '')) || '概要'}`;
    default:
      return '';
  }
}
