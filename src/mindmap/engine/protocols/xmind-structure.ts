import type { TemplateName } from '../layout/layout-names';
import type { Lost } from './lost';

// XMind's structures (a root topic's structureClass in content.json, structure-class in
// content.xml) and our templates (kityminder's six), both ways. A structure with no template of
// its own opens in the closest one and the change is said (lost.ts 'structure'), as is our
// 天盘 (tianpan), which XMind has no structure for, on export.

const EXACT: Record<string, TemplateName> = {
  'org.xmind.ui.map': 'default',
  'org.xmind.ui.map.clockwise': 'default',
  'org.xmind.ui.map.anticlockwise': 'default',
  'org.xmind.ui.map.unbalanced': 'default',
  'org.xmind.ui.logic.right': 'right',
  'org.xmind.ui.org-chart.down': 'structure',
  'org.xmind.ui.tree.right': 'filetree',
  'org.xmind.ui.fishbone.leftHeaded': 'fish-bone',
};

/** Structures drawn differently from every template: the template closest to each (by prefix). */
const CLOSEST: Array<[string, TemplateName]> = [
  ['org.xmind.ui.logic', 'right'],
  ['org.xmind.ui.brace', 'right'],
  ['org.xmind.ui.timeline', 'right'],
  ['org.xmind.ui.spreadsheet', 'right'],
  ['org.xmind.ui.org-chart', 'structure'],
  ['org.xmind.ui.tree', 'filetree'],
  ['org.xmind.ui.fishbone', 'fish-bone'],
];

const TO_XMIND: Record<TemplateName, string> = {
  default: 'org.xmind.ui.map.clockwise',
  right: 'org.xmind.ui.logic.right',
  structure: 'org.xmind.ui.org-chart.down',
  filetree: 'org.xmind.ui.tree.right',
  'fish-bone': 'org.xmind.ui.fishbone.leftHeaded',
  // XMind has no 天盘: its balanced map is the nearest (the change is counted).
  tianpan: 'org.xmind.ui.map.clockwise',
};

/** The template of a root topic's structure; absent = XMind's default, a map (思维导图). */
export function templateOfStructure(structure: string | undefined, lost: Lost): TemplateName {
  if (!structure) return 'default';
  const exact = EXACT[structure];
  if (exact) return exact;
  lost.add('structure');
  return CLOSEST.find(([prefix]) => structure.startsWith(prefix))?.[1] ?? 'default';
}

/** The structure class a root topic gets for our template (an unknown one is the default map). */
export function structureOfTemplate(template: string | undefined, lost: Lost): string {
  const t = (template ?? 'default') as TemplateName;
  if (t === 'tianpan') lost.add('structure');
  return TO_XMIND[t] ?? TO_XMIND.default;
}
