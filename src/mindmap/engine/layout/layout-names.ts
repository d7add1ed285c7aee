// Per-node layout names kityminder accepts in data.layout (reference §1.2, §3.4).
export const LAYOUT_NAMES = [
  'mind',
  'left',
  'right',
  'top',
  'bottom',
  'filetree-down',
  'filetree-up',
  'fish-bone-master',
  'fish-bone-slave',
  'tianpan',
] as const;

export type LayoutName = (typeof LAYOUT_NAMES)[number];

export const TEMPLATE_NAMES = ['default', 'right', 'structure', 'filetree', 'fish-bone', 'tianpan'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export function isKnownLayout(name: unknown): name is LayoutName {
  return typeof name === 'string' && (LAYOUT_NAMES as readonly string[]).includes(name);
}

export function isKnownTemplate(name: unknown): name is TemplateName {
  return typeof name === 'string' && (TEMPLATE_NAMES as readonly string[]).includes(name);
}
