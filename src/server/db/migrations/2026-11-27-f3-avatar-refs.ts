import { sql, type Kysely } from 'kysely';

// Avatars are shown to other students (the case ranking), so one may only be an image the student
// uploaded (issue 21, item 9). Earlier any http(s) URL (a tracking pixel) or a path such as
// `/\attacker.example/x.png` (browsers read `/\` as `//`) was accepted: clear every avatar that is
// not such an upload; the student sees the default avatar again. The path is written out here
// because migrations never import application code (files/avatar.ts builds the same one).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update students s set avatar = ''
    where s.avatar <> '' and not exists (
      select 1 from files f
      where f.owner_id = s.id and f.content_type like 'image/%' and s.avatar = '/api/folder/resource/file/vod/' || f.id)`.execute(db);
}

export async function down(): Promise<void> {
  // Cleared avatars cannot be restored, and need not be.
}
