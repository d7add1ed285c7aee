import type { Insertable } from 'kysely';
import type { Db } from '../../src/server/db/database';
import type { CaseApplicationsTable, SessionsTable, StudentsTable } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/password';
import { hashToken } from '../../src/server/modules/auth/sessions';

/**
 * Bench-only: many students with a live session each, written straight into the database so the
 * benchmark does not spend its time (and the login rate limit) on scrypt. Never part of the
 * product seed. Returns one token per student. Each has applied to BENCH_CASE, whose map and node
 * exam the write mixes use (writes to a case need an application).
 */
export const BENCH_CASE = 'case-02';

export async function seedLoadStudents(db: Db, count: number): Promise<string[]> {
  const hash = await hashPassword('Bench2026pass');
  const tokens: string[] = [];
  const students: Insertable<StudentsTable>[] = [];
  const sessions: Insertable<SessionsTable>[] = [];
  const applications: Insertable<CaseApplicationsTable>[] = [];
  for (let i = 0; i < count; i++) {
    const id = `bench-${String(i).padStart(5, '0')}`;
    const token = `bench-token-${id}-${'x'.repeat(24)}`;
    tokens.push(token);
    students.push({ id, login_name: `1390000${String(i).padStart(4, '0')}`, password_hash: hash, username: `压测学生${i}`, phone: '' });
    sessions.push({ token_hash: hashToken(token), student_id: id, expires_at: new Date(Date.now() + 24 * 3600_000) });
    applications.push({ id: `apply-${id}`, student_id: id, case_id: BENCH_CASE, status: 1 });
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < students.length; i += 500) {
      await trx
        .insertInto('students')
        .values(students.slice(i, i + 500))
        .execute();
      await trx
        .insertInto('sessions')
        .values(sessions.slice(i, i + 500))
        .execute();
      await trx
        .insertInto('case_applications')
        .values(applications.slice(i, i + 500))
        .execute();
    }
  });
  return tokens;
}
