import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, as the migrations create them. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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

export interface YearsTable {
  id: string;
  year: string;
  is_default: Generated<number>;
  sort: Generated<number>;
}

export interface DictDataTable {
  id: string;
  parent_id: Generated<string>;
  dict_type: string;
  dict_value: string;
  dict_label: string;
  sort: Generated<number>;
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
}

type G<T> = Generated<T>;

export interface FilesTable {
  id: string;
  owner_id: string | null;
  file_name: string;
  content_type: string;
  size: ColumnType<string | number, number, number>;
  storage_key: string;
  created_at: Timestamp;
}
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
export interface CoursesTable {
  id: string;
  category: string;
  name: string;
  intro: G<string>;
  cover: G<string>;
  teacher_name: G<string>;
  is_home: G<number>;
  study_count: G<number>;
  sort: G<number>;
  created_at: Timestamp;
  /** academic year of the offering ('2021'); null: unknown, listed under 全部 only */
  year: string | null;
}
export interface CourseNodesTable {
  id: string;
  course_id: string;
  parent_id: G<string>;
  name: string;
  node_type: number;
  video_id: string | null;
  duration: G<number>;
  recommend_url: G<string>;
  sort: G<number>;
}
export interface CourseSignupsTable {
  id: string;
  student_id: string;
  course_id: string;
  created_at: Timestamp;
}
/** coverage: merged watched media intervals as JSON ('[[0,12.5]]'); coverage_started_at: first covering report. */
export interface LearnLocationsTable {
  student_id: string;
  course_id: string;
  node_id: string;
  position: G<number>;
  watched: G<number>;
  is_study: G<number>;
  updated_at: Timestamp;
  coverage: G<string>;
  coverage_started_at: NullableTimestamp;
}
export interface ResourceLocationsTable {
  student_id: string;
  resource_id: string;
  case_id: string;
  node_id: string;
  position: G<number>;
  watched: G<number>;
  updated_at: Timestamp;
  coverage: G<string>;
  coverage_started_at: NullableTimestamp;
}
export interface StudyRecordsTable {
  id: string;
  student_id: string;
  is_type: number;
  target_id: string;
  node_id: string;
  resource_id: G<string>;
  is_study: G<number>;
  updated_at: Timestamp;
}
export interface RecommendationsTable {
  id: string;
  course_id: string;
  reason: G<string>;
  sort: G<number>;
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
/** exam_type 1: node exam (case_id + node_id); 2: course exam (course_id). time_limit in minutes, 0 = untimed. */
export interface ExamsTable {
  id: string;
  exam_type: G<number>;
  case_id: string | null;
  node_id: string | null;
  course_id: G<string | null>;
  title: string;
  intro: G<string>;
  pass_score: G<number>;
  time_limit: G<number>;
  max_attempts: G<number>;
  sort: G<number>;
}
export interface ExamQuestionsTable {
  id: string;
  exam_id: string;
  q_type: number;
  stem: string;
  options: string;
  answer: string;
  analysis: G<string>;
  score: number;
  sort: G<number>;
}
/** An attempt is open while submitted_at is null; score, total and passed are set when it is graded. */
export interface ExamAttemptsTable {
  id: string;
  student_id: string;
  exam_id: string;
  attempt_no: G<number>;
  answers: string;
  score: number | null;
  total: number | null;
  passed: number | null;
  started_at: Timestamp;
  deadline_at: NullableTimestamp;
  submitted_at: NullableTimestamp;
  overtime: G<number>;
  timed_out: G<number>;
  created_at: Timestamp;
}
export interface StudyDailyTable {
  student_id: string;
  day: string;
  seconds: G<number>;
}
export interface HelpEntriesTable {
  id: string;
  title: string;
  content: string;
  category: G<string>;
  sort: G<number>;
  created_at: Timestamp;
}
export interface TutorsTable {
  id: string;
  name: string;
  sex: G<string>;
  avatar: G<string>;
  technical_position: G<string>;
  birthday: G<string>;
  education: G<string>;
  degree: G<string>;
  first_discipline: G<string>;
  secondary_discipline: G<string>;
  video_intro: G<string>;
  intro: G<string>;
  work_experience: G<string>;
  field: G<string>;
  project_info: G<string>;
  patent_works: G<string>;
  award_info: G<string>;
  phone: G<string>;
  email: G<string>;
  sign_status: G<number>;
  sort: G<number>;
}
export interface TutorSignupsTable {
  id: string;
  student_id: string;
  tutor_id: string;
  name: string;
  sex: string;
  identity_number: string;
  phone: string;
  student_no: string;
  specialty: string;
  classmate: string;
  introduction: string;
  specialty_hobby: string;
  goals_ideas: string;
  status: G<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Keys generated on first start and shared by every instance (the media URL signing key). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}
/** Uploads in progress, per student (the concurrent-upload limit); lapse at expires_at. */
export interface CoversTable {
  id: string;
  svg: string;
  etag: string;
}
export interface UploadSlotsTable {
  id: string;
  student_id: string;
  expires_at: Timestamp;
}

/** A node a student reviews (kind 'case' | 'course'), with its FSRS state (migration 2026-11-29-review). */
export interface ReviewCardsTable {
  student_id: string;
  kind: string;
  source_id: string;
  node_id: string;
  origin: G<number>;
  excluded: G<number>;
  retired: G<number>;
  due: Timestamp;
  stability: G<number>;
  difficulty: G<number>;
  elapsed_days: G<number>;
  scheduled_days: G<number>;
  learning_steps: G<number>;
  reps: G<number>;
  lapses: G<number>;
  state: G<number>;
  last_review: NullableTimestamp;
  revision: G<number>;
  last_grade_id: string | null;
  created_at: G<Date>;
}
/** One grade given to a card; id generated by the client (a replay is a no-op); previous: the state it replaced. */
export interface ReviewGradesTable {
  id: string;
  student_id: string;
  kind: string;
  source_id: string;
  node_id: string;
  rating: number;
  reviewed_at: Timestamp;
  undone: G<number>;
  previous: string;
  created_at: G<Date>;
}

export interface DB {
  students: StudentsTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  login_attempts: LoginAttemptsTable;
  years: YearsTable;
  dict_data: DictDataTable;
  user_messages: UserMessagesTable;
  files: FilesTable;
  case_classifications: CaseClassificationsTable;
  cases: CasesTable;
  official_maps: OfficialMapsTable;
  study_resources: StudyResourcesTable;
  case_applications: CaseApplicationsTable;
  student_maps: StudentMapsTable;
  case_records: CaseRecordsTable;
  courses: CoursesTable;
  course_nodes: CourseNodesTable;
  course_signups: CourseSignupsTable;
  learn_locations: LearnLocationsTable;
  resource_locations: ResourceLocationsTable;
  study_records: StudyRecordsTable;
  recommendations: RecommendationsTable;
  tasks: TasksTable;
  task_students: TaskStudentsTable;
  exams: ExamsTable;
  exam_questions: ExamQuestionsTable;
  exam_attempts: ExamAttemptsTable;
  study_daily: StudyDailyTable;
  help_entries: HelpEntriesTable;
  tutors: TutorsTable;
  tutor_signups: TutorSignupsTable;
  app_secrets: AppSecretsTable;
  upload_slots: UploadSlotsTable;
  covers: CoversTable;
  review_cards: ReviewCardsTable;
  review_grades: ReviewGradesTable;
}
