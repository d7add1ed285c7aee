import { useSnapshot } from 'valtio';
import type { CaseNode, CaseSummary } from '../../app/cases/case-api';
import { applyCase } from '../../app/cases/case-api';
import { navigate } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { addStudyRecord } from '../../app/study/study-api';
import { useBusyAction } from '../../app/ui/BusyAction';
import { toast } from '../../app/ui/toast-store';
import { EXPERIENCE_MSG, isExperienceAccount } from './access';
import type { Resource } from './api';
import { resourceAction } from './case-helpers';

/**
 * Joining a case or practice item and opening its resources, shared by both detail screens:
 * `join(false)` is the apply button (saveApply), `join(true)` starts at once (directApply, from a
 * resource or 开始练习); a link resource opens in the click's own tab, the others in ProjectContent.
 */
export function useCaseStudy(info: CaseSummary | undefined, reload: () => void, joinedText: string, failAs: 'error' | 'warning' = 'error') {
  const { user } = useSnapshot(session);
  const { busy, run } = useBusyAction(failAs);
  const applied = info?.applyStatus === 1;

  const join = async (direct: boolean, announce = !direct): Promise<boolean> => {
    if (!info) return false;
    if (isExperienceAccount(user)) {
      toast.warning(EXPERIENCE_MSG);
      return false;
    }
    const joined = await run(async () => {
      await applyCase(info.caseId, direct);
      if (announce) toast.success(joinedText);
      reload();
      return true;
    });
    return joined === true;
  };

  const openResource = async (node: CaseNode, r: Resource) => {
    if (!info) return;
    const action = resourceAction(info.caseId, node.nodeId, node.text, r);
    // A link must open in the click itself or the browser blocks it, so take the tab first.
    const tab = action.kind === 'link' ? window.open('about:blank', '_blank') : null;
    if (!applied && !(await join(true))) {
      tab?.close();
      return;
    }
    if (action.kind === 'content') {
      navigate(action.to);
      return;
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = action.url;
    }
    if (user?.userId) addStudyRecord({ caseId: info.caseId, nodeId: node.nodeId, resourceId: r.uuid, studentId: user.userId }).catch(() => {});
  };

  return { busy, run, join, openResource, applied };
}
