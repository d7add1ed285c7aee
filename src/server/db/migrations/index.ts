import type { Migration } from 'kysely/migration';
import * as m20261122_001_init from './2026-11-22-001-init';
import * as m20261122_002_rate_limits from './2026-11-22-002-rate-limits';
import * as m20261122_003_base_messages from './2026-11-22-003-base-messages';
import * as m20261122_004_learning from './2026-11-22-004-learning';
import * as m20261123_exams from './2026-11-23-exams';
import * as m20261123_load_indexes from './2026-11-23-load-indexes';
import * as m20261123_session_notify from './2026-11-23-s1-session-notify';
import * as m20261123_content_notify from './2026-11-23-s2-content-notify';
import * as m20261124_exam_timeout from './2026-11-24-exam-timeout';
import * as m20261124_resource_locations from './2026-11-24-resource-locations';
import * as m20261125_student_notify from './2026-11-25-student-notify';
import * as m20261126_login_attempts from './2026-11-26-login-attempts';
import * as m20261127_study_record_key from './2026-11-27-f1-study-record-key';
import * as m20261127_secrets_upload_slots from './2026-11-27-f2-secrets-upload-slots';
import * as m20261127_avatar_refs from './2026-11-27-f3-avatar-refs';
import * as m20261127_offering_year from './2026-11-27-offering-year';
import * as m20261128_coverage from './2026-11-28-coverage';
import * as m20261128_covers from './2026-11-28-covers';
import * as m20261129_progress_pdf_pages from './2026-11-29-progress-pdf-pages';
import * as m20261129_review from './2026-11-29-review';
import * as m20261130_map_versions from './2026-11-30-map-versions';
import * as m20261130_review_backfill from './2026-11-30-review-backfill';
import * as m20261201_message_task from './2026-12-01-message-task';
import * as m20261201_recall_sessions from './2026-12-01-recall-sessions';
import * as m20261201_review_card_retention from './2026-12-01-review-card-retention';
import * as m20261202_own_maps from './2026-12-02-own-maps';
import * as m20261203_map_changes from './2026-12-03-map-changes';
import * as m20261204_map_members from './2026-12-04-map-members';
import * as m20261204_recall_grades from './2026-12-04-recall-grades';
import * as m20261205_own_map_changes from './2026-12-05-own-map-changes';
import * as m20261206_change_base from './2026-12-06-change-base';
import * as m20261206_exam_questions_notify from './2026-12-06-exam-questions-notify';
import * as m20261206_map_removals from './2026-12-06-map-removals';
import * as m20261206_member_now from './2026-12-06-member-now';
import * as m20261207_records_notify from './2026-12-07-records-notify';
import * as m20261208_whole_save_ids from './2026-12-08-whole-save-ids';

/** Date-prefixed names; order is lexical (a new one must sort after every one already released). Migrations never import application code. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-init': m20261122_001_init,
  '2026-11-22-002-rate-limits': m20261122_002_rate_limits,
  '2026-11-22-003-base-messages': m20261122_003_base_messages,
  '2026-11-22-004-learning': m20261122_004_learning,
  '2026-11-23-exams': m20261123_exams,
  '2026-11-23-load-indexes': m20261123_load_indexes,
  '2026-11-23-s1-session-notify': m20261123_session_notify,
  '2026-11-23-s2-content-notify': m20261123_content_notify,
  '2026-11-24-exam-timeout': m20261124_exam_timeout,
  '2026-11-24-resource-locations': m20261124_resource_locations,
  '2026-11-25-student-notify': m20261125_student_notify,
  '2026-11-26-login-attempts': m20261126_login_attempts,
  '2026-11-27-f1-study-record-key': m20261127_study_record_key,
  '2026-11-27-f2-secrets-upload-slots': m20261127_secrets_upload_slots,
  '2026-11-27-f3-avatar-refs': m20261127_avatar_refs,
  '2026-11-27-offering-year': m20261127_offering_year,
  '2026-11-28-coverage': m20261128_coverage,
  '2026-11-28-covers': m20261128_covers,
  '2026-11-29-progress-pdf-pages': m20261129_progress_pdf_pages,
  '2026-11-29-review': m20261129_review,
  '2026-11-30-map-versions': m20261130_map_versions,
  '2026-11-30-review-backfill': m20261130_review_backfill,
  '2026-12-01-message-task': m20261201_message_task,
  '2026-12-01-recall-sessions': m20261201_recall_sessions,
  '2026-12-01-review-card-retention': m20261201_review_card_retention,
  '2026-12-02-own-maps': m20261202_own_maps,
  '2026-12-03-map-changes': m20261203_map_changes,
  '2026-12-04-map-members': m20261204_map_members,
  '2026-12-04-recall-grades': m20261204_recall_grades,
  '2026-12-05-own-map-changes': m20261205_own_map_changes,
  '2026-12-06-change-base': m20261206_change_base,
  '2026-12-06-exam-questions-notify': m20261206_exam_questions_notify,
  '2026-12-06-map-removals': m20261206_map_removals,
  '2026-12-06-member-now': m20261206_member_now,
  '2026-12-07-records-notify': m20261207_records_notify,
  '2026-12-08-whole-save-ids': m20261208_whole_save_ids,
};
