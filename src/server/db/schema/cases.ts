import type { Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, G } from './columns';

// Project cases: classification, the official map and its study resources, applications, each
// student's own map and study records, and the cases' practice tasks.

export interface CaseClassificationsTable {
  id: string;
  parent_id: G<string>;
  name: string;
  sort: G<number>;
}

export interface CasesTable {
  id: string;
  case_type: number;
  classify_id: string | null;
  name: string;
  intro: G<string>;
  cover: G<string>;
  teacher_name: G<string>;
  difficulty: G<number>;
  study_count: G<number>;
  sort: G<number>;
  created_at: Timestamp;
  /** academic year of the offering ('2021'); null: unknown, listed under 全部 only */
  year: string | null;
}

export interface OfficialMapsTable {
  case_id: string;
  document: string;
  node_count: number;
}

export interface StudyResourcesTable {
  id: string;
  case_id: string;
  node_id: string;
  file_name: string;
  file_suffix_code: number;
  file_id: string | null;
  file_url: G<string>;
  content: G<string>;
  duration: G<number>;
  /** PDF pages (0 unknown: completed by the 5 s rule then) */
  page_count: G<number>;
  sort: G<number>;
  created_at: Timestamp;
}

export interface CaseApplicationsTable {
  id: string;
  student_id: string;
  case_id: string;
  status: number;
  apply_type: G<number>;
  progress: G<number>;
  created_at: Timestamp;
}

export interface StudentMapsTable {
  student_id: string;
  case_id: string;
  document: string;
  outline: G<string>;
  version: G<number>;
  updated_at: Timestamp;
  /** Nodes and root title of `document` (migration 2026-11-30-map-versions). */
  node_count: G<number>;
  title: G<string>;
  /** When the state saved now began as a version of its own; null: the next save starts a new one. */
  version_started_at: NullableTimestamp;
  /** The version `document` holds; the sets after it are in map_changes (migration 2026-12-03-map-changes). */
  snapshot_version: G<number>;
  /** Every set with a version above this is in map_changes; a tab behind it reloads the map whole. */
  log_from: G<number>;
  /** The client's id of the whole save that made `whole_save_version` (migration 2026-12-08-whole-save-ids). */
  whole_save_id: string | null;
  whole_save_version: number | null;
}
/** One change set applied to a student's map: its applied changes as JSON text, and the version it made. */
export interface MapChangesTable {
  student_id: string;
  case_id: string;
  version: number;
  set_id: string;
  changes: string;
  /** The version the set's changes were made on (migration 2026-12-06-change-base); null before it. */
  base: number | null;
  created_at: G<Date>;
}
/** A classmate a map is shared with (migration 2026-12-04-map-members, modules/sharing/). */
export interface MapMembersTable {
  owner_id: string;
  map_kind: 'case' | 'own';
  /** The case id (kind 'case') or the own map's id (kind 'own'). */
  map_ref: string;
  member_id: string;
  /** 1 可编辑, 0 只读 */
  can_edit: number;
  created_at: G<Date>;
  /** The member's own hand-set 正在学 on a case map (migration 2026-12-06-member-now); null: none. */
  now_node: G<string | null>;
}
/** A former member of a shared map (migration 2026-12-06-map-removals): told so when they open it again. */
export interface MapRemovalsTable {
  owner_id: string;
  map_kind: 'case' | 'own';
  map_ref: string;
  member_id: string;
  removed_at: G<Date>;
}
/** An earlier state of a student's map (migration 2026-11-30-map-versions, modules/mindmaps/versions.ts). */
export interface MapVersionsTable {
  id: Generated<number>;
  student_id: string;
  case_id: string;
  map_version: number;
  document: string;
  title: G<string>;
  node_count: number;
  bytes: number;
  saved_at: Timestamp;
}

export interface CaseRecordsTable {
  id: string;
  student_id: string;
  case_id: string;
  node_id: string;
  resource_id: G<string>;
  is_study: G<number>;
  created_at: Timestamp;
}

export interface TasksTable {
  id: string;
  case_id: string | null;
  title: string;
  content: G<string>;
  teacher_name: G<string>;
  start_at: Timestamp;
  end_at: Timestamp;
  created_at: Timestamp;
}

export interface TaskStudentsTable {
  id: string;
  student_id: string;
  task_id: string;
  status: G<number>;
  answer: G<string>;
  file_id: string | null;
  score: number | null;
  comment: G<string>;
  submitted_at: NullableTimestamp;
}

/** A student's own map, 我的导图 (migration 2026-12-02-own-maps, modules/mymaps/). */
export interface OwnMapsTable {
  id: string;
  student_id: string;
  title: string;
  document: string;
  /** title and topic texts, one a line: what a search hit shows */
  search_text: string;
  /** search_text lowercased: what 我的导图's search reads */
  search_key: string;
  version: number;
  node_count: number;
  bytes: number;
  case_id: string | null;
  course_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version_started_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  /** The version `document` holds; the sets after it are in own_map_changes (migration 2026-12-05-own-map-changes). */
  snapshot_version: G<number>;
  /** Every set with a version above this is in own_map_changes. */
  log_from: G<number>;
  /** The client's id of the whole save that made `whole_save_version` (migration 2026-12-08-whole-save-ids). */
  whole_save_id: string | null;
  whole_save_version: number | null;
}
/** One change set applied to an own map (as MapChangesTable for a case map). */
export interface OwnMapChangesTable {
  map_id: string;
  version: number;
  set_id: string;
  changes: string;
  base: number | null;
  created_at: G<Date>;
}
/** An earlier state of an own map (modules/mymaps/versions.ts). */
export interface OwnMapVersionsTable {
  id: Generated<number>;
  map_id: string;
  student_id: string;
  map_version: number;
  document: string;
  title: string;
  node_count: number;
  bytes: number;
  saved_at: Timestamp;
}
