import type { TemplateKey } from '../../../contract/mymaps';
import { UNTITLED_MAP } from '../../../contract/rules';
import { decodeText } from '../../../mindmap/core';
import { parseDocument, type KmDocument } from '../mindmaps/document';

// The study templates of 我的导图 (OWN_MAP_TEMPLATES in contract/rules.ts): outlines in the engine's outline text (a
// tab per level), read with the engine's own outline import so a template is a map the editor
// would have made. At most 4 levels: the editor's depth rule (不能插入4级主题以下的节点).

const OUTLINES: Record<TemplateKey, string> = {
  blank: UNTITLED_MAP,
  notes: [
    '课程笔记',
    '\t课程信息',
    '\t\t课程名称与授课老师',
    '\t\t上课时间与教材章节',
    '\t第一章',
    '\t\t核心概念',
    '\t\t\t定义',
    '\t\t\t关键公式或结论',
    '\t\t例子与练习',
    '\t\t我的疑问',
    '\t第二章',
    '\t\t核心概念',
    '\t\t例子与练习',
    '\t\t我的疑问',
    '\t课后小结',
    '\t\t本节最重要的三点',
    '\t\t和已学内容的联系',
    '\t\t下次课前要预习的内容',
  ].join('\n'),
  review: [
    '复习提纲',
    '\t考试范围',
    '\t\t考试时间与题型',
    '\t\t覆盖的章节',
    '\t重点',
    '\t\t必背概念',
    '\t\t常考题型',
    '\t难点',
    '\t\t还没弄懂的知识点',
    '\t\t需要请教老师或同学的问题',
    '\t易错题',
    '\t\t错因：概念不清',
    '\t\t错因：审题不仔细',
    '\t\t错因：计算失误',
    '\t复习计划',
    '\t\t第一轮：通读教材与笔记',
    '\t\t第二轮：专项练习',
    '\t\t第三轮：模拟测试与查漏补缺',
  ].join('\n'),
  project: [
    '项目分解',
    '\t项目目标',
    '\t\t要解决的问题',
    '\t\t完成的标准',
    '\t任务拆解',
    '\t\t调研与需求分析',
    '\t\t方案设计',
    '\t\t实现与测试',
    '\t\t总结与展示',
    '\t时间安排',
    '\t\t里程碑一',
    '\t\t里程碑二',
    '\t\t最终截止日期',
    '\t分工与资源',
    '\t\t成员与职责',
    '\t\t需要的工具和资料',
    '\t风险与对策',
    '\t\t可能遇到的困难',
    '\t\t备选方案',
    '\t交付物',
    '\t\t报告或文档',
    '\t\t演示或作品',
  ].join('\n'),
};

/** A new map from a template, its root titled `title` when given; ids fresh (restoreDocument). */
export function templateDocument(key: TemplateKey, title?: string): { doc: KmDocument; text: string } {
  const root = decodeText(OUTLINES[key]);
  if (!root) throw new Error(`template ${key} is empty`);
  if (title) root.data.text = title;
  return parseDocument({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
}
