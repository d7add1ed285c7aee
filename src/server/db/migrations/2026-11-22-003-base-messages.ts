import { sql, type Kysely } from 'kysely';

// Reference data (study years, dictionaries) and the students' notification inbox.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('years')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('year', 'text', (c) => c.notNull().unique())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('dict_data')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('dict_type', 'text', (c) => c.notNull())
    .addColumn('dict_value', 'text', (c) => c.notNull())
    .addColumn('dict_label', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('dict_data_type_idx').on('dict_data').column('dict_type').execute();

  await db.schema
    .createTable('user_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('msg_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sender', 'text', (c) => c.notNull().defaultTo('系统通知'))
    .addColumn('is_look', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_messages_student_idx').on('user_messages').columns(['student_id', 'is_look', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_messages').execute();
  await db.schema.dropTable('dict_data').execute();
  await db.schema.dropTable('years').execute();
}
