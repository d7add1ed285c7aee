import { toast } from '../../app/ui/toast-store';
import { ApiFailure } from '../../app/ui/use-remote';
import { ACCESS_GRADUATED, checkCaseAccess } from './api';

/** Exact wording of SPEC §8 / §6; the server sends the same texts. */
export const GRADUATED_MSG = '您已结业，无法进入学习';
/** What a graduated student can do instead (detail and content refusals). */
export const GRADUATED_HINT = '你已完成该案例的学习并结业，可以浏览其他项目案例继续学习。';
export const EXPERIENCE_MSG = '您正在进行学生端体验，管理案例课程请登录教师端进行。';

/** customerType 1 is the student-side trial account: applying to (managing) cases is refused before any request. */
export function isExperienceAccount(user: { customerType?: number | string | null } | null | undefined): boolean {
  return Number(user?.customerType) === 1;
}

/** Marker thrown by the detail load when the case-access check says graduated. */
export class GraduatedError extends ApiFailure {
  constructor() {
    super(GRADUATED_MSG, 403);
  }
}

/**
 * The case-access check every case screen runs before loading anything (SPEC §6): a graduated
 * student gets the warning toast and the load fails with GraduatedError.
 */
export async function refuseGraduated(caseId: string, studentId: string | undefined): Promise<void> {
  if ((await checkCaseAccess(caseId, studentId)) === ACCESS_GRADUATED) {
    toast.warning(GRADUATED_MSG);
    throw new GraduatedError();
  }
}
