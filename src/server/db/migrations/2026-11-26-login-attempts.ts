import { sql, type Kysely } from 'kysely';

// Login attempts are counted per login name (known or not, so unknown names answer exactly like
// real ones) and per client address, plus one account-wide row per name (client '*'), instead of
// one counter on the student: a lock from one address no longer locks the student out everywhere,
// and a password is checked only after its attempt has been counted (modules/auth/lockout.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    // Passwords checked, or being checked, in the current window; failures among them.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('login_attempts_pk', ['login_name', 'client'])
    .execute();
  await db.schema.createIndex('login_attempts_window_idx').on('login_attempts').column('window_start').execute();
  await db.schema.alterTable('students').dropColumn('failed_logins').dropColumn('first_failed_at').dropColumn('locked_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_at', 'timestamptz')
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema.dropTable('login_attempts').execute();
}
