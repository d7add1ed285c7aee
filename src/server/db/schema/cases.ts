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
