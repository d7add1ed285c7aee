import type { DbOrTrx } from '../../db/database';
import type { StudentsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { UserView } from '../../../contract/customer';

export type StudentRow = Selectable<StudentsTable>;

/** The signed-in user as login and selectUser return it (SPEC §3 field names). */
export function userView(s: StudentRow): UserView {
  return {
    customerType: s.customer_type,
    username: s.username,
    studentNo: s.student_no,
    userId: s.id,
    userPicUrl: s.avatar,
    sex: s.sex,
    identityNumber: s.identity_number,
    specialty: s.specialty,
    classmate: s.classmate,
    phone: s.phone,
    email: s.email,
  };
}

export async function findStudentByLogin(db: DbOrTrx, loginName: string): Promise<StudentRow | undefined> {
  return db.selectFrom('students').selectAll().where('login_name', '=', loginName).executeTakeFirst();
}

export async function findStudent(db: DbOrTrx, id: string): Promise<StudentRow | undefined> {
  return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
}
