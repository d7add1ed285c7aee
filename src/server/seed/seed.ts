import type { Db } from '../db/database';
import { hashPassword } from '../lib/password';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts';
import { seedBase } from './base-data';
import { seedMessages } from './messages-data';
import { seedFiles } from './files-data';
import { seedCases } from './cases-data';
import { seedCourses } from './courses-data';
import { seedHelp } from './help-data';
import { seedStudyCounts, seedStudyHistory, seedTasks } from './study-data';
import { refreshCaseProgress } from '../modules/study/completion';
import { syncStudentCards } from '../modules/review/cards';
import { seedTutorSignups, seedTutors } from './tutors-data';
import { seedExams } from './exam-history-data';
import { seedStudyTime } from './study-time-data';
import { seedOwnMaps } from './own-maps-data';
import { backdateSeededCards, seedReviewHistory } from './review-history-data';

/** True when the database has no students yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Inserts the demo content in one transaction: either all of it lands or none. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const a of demoAccounts) {
      await trx
        .insertInto('students')
        .values({
          id: a.id,
          login_name: a.loginName,
          password_hash: passwordHash,
          username: a.username,
          student_no: a.studentNo,
          sex: a.sex,
          specialty: a.specialty,
          classmate: a.classmate,
          phone: a.loginName,
          customer_type: a.customerType,
        })
        .execute();
    }
    await seedBase(trx);
    await seedFiles(trx);
    const topics = await seedCases(trx);
    await seedCourses(trx);
    await seedTutors(trx);
    const [normal, experience, graduated, reviewer] = demoAccounts;
    await seedTutorSignups(trx, { ...normal, phone: normal.loginName }, { ...graduated, phone: graduated.loginName });
    await seedStudyHistory(trx, topics, normal.id, graduated.id);
    await seedTasks(trx, normal.id, graduated.id);
    // Notices name 李明's and 王芳's own tasks and sign-ups: the three first accounts only.
    await seedMessages(trx, [normal.id, experience.id, graduated.id]);
    await seedExams(trx, normal.id, graduated.id);
    await seedStudyTime(trx, normal.id, graduated.id);
    await seedHelp(trx);
    await seedOwnMaps(trx, normal.id);
    await seedReviewHistory(trx, reviewer.id);
    await seedStudyCounts(trx);
    // The percentage the lists show is the engine's rule over what was seeded, never a made-up number.
    for (const a of await trx.selectFrom('case_applications').select(['student_id', 'case_id']).execute())
      await refreshCaseProgress(trx, a.student_id, a.case_id);
    // What the seeded students learnt is due for review (issue 20), as if they had learnt it here:
    // cards are made by the writes that make a node learnt, and the history above skipped them.
    for (const a of demoAccounts) if (a.customerType !== 1) await syncStudentCards(trx, a.id);
    await backdateSeededCards(trx);
  });
}

export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db);
  return true;
}
