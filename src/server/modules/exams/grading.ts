/** Normalises an answer to sorted unique option keys ("CA" → "AC"), so order never matters. */
export function normalise(answer: string): string {
  return [...new Set(answer.toUpperCase().replace(/[^A-Z]/g, ''))].sort().join('');
}

export interface GradableQuestion {
  id: string;
  q_type: number;
  answer: string;
  score: number;
}

/** All-or-nothing per question: single, multiple and true/false alike (no partial credit). */
export function grade(questions: GradableQuestion[], answers: Record<string, string>) {
  let score = 0;
  let total = 0;
  const results = questions.map((q) => {
    total += q.score;
    const given = normalise(answers[q.id] ?? '');
    const correct = given !== '' && given === normalise(q.answer);
    if (correct) score += q.score;
    return { questionId: q.id, userAnswer: given, isRight: correct ? 1 : 0 };
  });
  return { score, total, results };
}
