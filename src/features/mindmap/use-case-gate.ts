import { toast } from '../../app/ui/toast-store';
import { ApiFailure } from '../../app/ui/use-remote';
import { ACCESS_GRADUATED, checkCaseAccess, GRADUATED_MSG } from './api';

/** Graduated students may not enter the case's maps (SPEC §6): checked before anything loads. */
export async function assertCaseOpen(caseId: string, studentId: string | undefined): Promise<void> {
  let access: number;
  try {
    access = await checkCaseAccess(caseId, studentId);
  } catch (e) {
    if (e instanceof ApiFailure && e.resultCode === 403) access = ACCESS_GRADUATED;
    else throw e;
  }
  if (access === ACCESS_GRADUATED) {
    toast.warning(GRADUATED_MSG);
    throw new ApiFailure(GRADUATED_MSG, 403);
  }
}
