import { useSearchParams } from 'wouter';
import { Empty } from '../../app/ui/Empty';
import { unwrap } from '../../app/ui/use-remote';
import { nodeExam } from './api';
import { AnswerSheet } from './AnswerSheet';

/** Answer (`/exam/answer?caseId=&nodeId=`): take a case node's exam, then see the graded review. */
export function Answer() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const nodeId = params.get('nodeId') ?? '';
  if (!caseId || !nodeId) return <Empty text="缺少考试信息，请从考试列表进入" />;
  return <AnswerSheet load={() => nodeExam(caseId, nodeId).then(unwrap)} deps={[caseId, nodeId]} back={{ href: '/exam/exam', label: '节点测验' }} />;
}
