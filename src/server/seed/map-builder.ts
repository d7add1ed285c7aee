/**
 * Builds official .km documents (version 1.4.43) from compact outlines: root → chapters → topics →
 * points, i.e. at most 4 levels like the editor allows. Ids are stable so resources, records and
 * exams can point at nodes.
 */
export interface Outline {
  root: string;
  chapters: { text: string; topics: string[] }[];
}

export interface BuiltNode {
  data: Record<string, unknown>;
  children: BuiltNode[];
}

const CREATED = Date.UTC(2025, 8, 1, 2, 0, 0);
const POINTS = ['核心概念', '实践步骤', '常见问题'];

export function buildMap(caseId: string, outline: Outline) {
  let n = 0;
  const node = (text: string, extra: Record<string, unknown> = {}, children: BuiltNode[] = []): BuiltNode => ({
    data: { id: `${caseId}-n${String(n++).padStart(3, '0')}`, created: CREATED + n * 1000, text, ...extra },
    children,
  });
  const root = node(outline.root, { priority: 1 });
  // Topic nodes carry the study resources; remember them in order for the resource seeder.
  const topics: { id: string; text: string; chapter: string }[] = [];
  outline.chapters.forEach((ch, ci) => {
    const chapter = node(ch.text, { priority: Math.min(ci + 1, 9), expandState: 'expand' });
    ch.topics.forEach((t, ti) => {
      const topic = node(t, ti === 0 ? { note: `**${t}** 是本章的重点，请结合资源完成学习。` } : {});
      topics.push({ id: String(topic.data.id), text: t, chapter: ch.text });
      POINTS.forEach((p, pi) => topic.children.push(node(`${p}`, pi === 2 ? { resource: ['重点'] } : {})));
      chapter.children.push(topic);
    });
    root.children.push(chapter);
  });
  return { document: { root, template: 'default', theme: 'fresh-blue', version: '1.4.43' }, nodeCount: n, topics };
}
