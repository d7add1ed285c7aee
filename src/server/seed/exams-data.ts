/**
 * Four questions per node exam (single, multiple, true/false), 25 points each. Answers are option
 * keys; multiple-choice answers list every correct key.
 */
export function examQuestions(examId: string, topic: string, caseName: string) {
  const opts = (...texts: string[]) => JSON.stringify(texts.map((text, i) => ({ key: 'ABCD'[i], text })));
  return [
    {
      id: `${examId}-q1`,
      exam_id: examId,
      q_type: 1,
      sort: 1,
      score: 25,
      answer: 'B',
      stem: `在“${caseName}”项目中，开展“${topic}”工作的首要目的是什么？`,
      options: opts('尽快开始编写代码', '明确目标与约束，为后续工作提供依据', '减少与用户的沟通', '只为满足文档要求'),
      analysis: `“${topic}”的产出是后续设计与实现的输入，先明确目标与约束能避免返工。`,
    },
    {
      id: `${examId}-q2`,
      exam_id: examId,
      q_type: 2,
      sort: 2,
      score: 25,
      answer: 'ACD',
      stem: `下列哪些做法有助于提高“${topic}”的质量？（多选）`,
      options: opts('与相关人员评审结果', '跳过记录直接进入下一阶段', '使用清单逐项检查', '保留过程文档便于追溯'),
      analysis: '评审、清单与可追溯的文档都能提高质量；跳过记录会让问题难以发现。',
    },
    {
      id: `${examId}-q3`,
      exam_id: examId,
      q_type: 3,
      sort: 3,
      score: 25,
      answer: 'A',
      stem: `“${topic}”的结论在项目推进中可以根据新的信息进行修订。`,
      options: opts('正确', '错误'),
      analysis: '项目是迭代推进的，新的信息出现时应及时修订并同步给团队。',
    },
    {
      id: `${examId}-q4`,
      exam_id: examId,
      q_type: 3,
      sort: 4,
      score: 25,
      answer: 'B',
      stem: `完成“${topic}”后，就不再需要与指导教师沟通了。`,
      options: opts('正确', '错误'),
      analysis: '阶段成果需要指导教师确认，持续沟通能尽早发现偏差。',
    },
  ];
}
