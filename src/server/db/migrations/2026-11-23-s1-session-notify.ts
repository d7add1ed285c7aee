import { sql, type Kysely } from 'kysely';

// Every process caches sessions (modules/auth/session-cache.ts) and must hear of each session that
// ends or changes, whoever ends it: a logout on another instance, a password change, an operator's
// SQL. The trigger NOTIFYs the token hash on channel xuetu_sessions; NOTIFY is sent at commit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function xuetu_session_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('xuetu_sessions', old.token_hash);
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_changed after update or delete on sessions for each row execute function xuetu_session_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sessions_changed on sessions`.execute(db);
  await sql`drop function xuetu_session_changed()`.execute(db);
}
