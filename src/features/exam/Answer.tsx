import { useSearchParams } from 'wouter';
import { unwrap } from '../../app/ui/use-remote';
import { nodeExam } from './api';
import { AnswerSheet } from './AnswerSheet';
import { MissingExam } from './MissingExam';

/** Answer (`/exam/answer?caseId=&nodeId=`): take a case node's exam, then see the graded review. */
export function Answer() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const nodeId = params.get('nodeId') ?? '';
  if (!caseId || !nodeId) return <MissingExam back={{ href: '/exam/exam', label: '返回节点测验' }} />;
  return <AnswerSheet load={() => nodeExam(caseId, nodeId).then(unwrap)} deps={[caseId, nodeId]} back={{ href: '/exam/exam', label: '节点测验' }} />;
}
