/**
 * What completes this resource, and where the student stands (issue 22): the rule in the server's
 * words (study/completion.ts#RULES, from nodeRequirements) — "打开阅读满 5 秒即完成",
 * "已翻阅 3/10 页，翻阅 90% 的页面即完成" — and "已完成" once it is. A status region (polite), so
 * a screen reader hears the change without losing its place.
 */
export interface RuleState {
  /** the server's rule text, e.g. 打开阅读满 5 秒 */
  rule: string;
  done: boolean;
  /** PDF completed by pages: pages seen so far / the document's pages (after the first report) */
  pages?: { seen: number; count: number };
}

export function ruleText(s: RuleState): string {
  if (s.done) return `已完成（${s.rule}）`;
  const pages = s.pages ? `已翻阅 ${s.pages.seen}/${s.pages.count} 页，` : '';
  return `${pages}${s.rule}即完成`;
}

export function ResourceRule({ state }: { state: RuleState | null }) {
  return (
    <p className={`resource-rule${state?.done ? ' resource-rule--done' : ''}`} role="status" aria-live="polite">
      {state ? ruleText(state) : ''}
    </p>
  );
}
