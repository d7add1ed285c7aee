import type { Generated } from 'kysely';
import type { Timestamp, NullableTimestamp } from './columns';

// Students, their sessions and the login / rate limits that guard them; messages to them; the
// instance's shared secrets.

export interface StudentsTable {
  id: string;
  login_name: string;
  password_hash: string;
  username: string;
  student_no: Generated<string>;
  sex: Generated<string>;
  identity_number: Generated<string>;
  specialty: Generated<string>;
  classmate: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  avatar: Generated<string>;
  customer_type: Generated<number>;
  created_at: Timestamp;
}

export interface SessionsTable {
  token_hash: string;
  student_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Per login name: one row per client address and one account-wide row (client '*'). */
export interface LoginAttemptsTable {
  login_name: string;
  client: string;
  attempts: Generated<number>;
  failures: Generated<number>;
  window_start: Timestamp;
  locked_until: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
  created_at: Timestamp;
}

export interface UserMessagesTable {
  id: string;
  student_id: string;
  title: string;
  content: Generated<string>;
  msg_type: Generated<number>;
  sender: Generated<string>;
  is_look: Generated<number>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
  /** The task a 新任务 notice announces (its link); null for other messages. */
  task_id: string | null;
}

/** Keys generated on first start and shared by every instance (the media URL signing key). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}
