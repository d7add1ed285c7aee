// Row types of every table, as the migrations create them, split by domain; importers use this
// index ('db/schema') only.

import type { StudentsTable, SessionsTable, LoginAttemptsTable, RateLimitsTable, UserMessagesTable, AppSecretsTable } from './accounts';
import type { YearsTable, DictDataTable, HelpEntriesTable, TutorsTable, TutorSignupsTable, FilesTable, CoversTable, UploadSlotsTable } from './content';
import type {
  CaseClassificationsTable,
  CasesTable,
  OfficialMapsTable,
  StudyResourcesTable,
  CaseApplicationsTable,
  StudentMapsTable,
  MapVersionsTable,
  OwnMapsTable,
  OwnMapVersionsTable,
  MapChangesTable,
  OwnMapChangesTable,
  MapMembersTable,
  MapRemovalsTable,
  CaseRecordsTable,
  TasksTable,
  TaskStudentsTable,
} from './cases';
import type { CoursesTable, CourseNodesTable, CourseSignupsTable, LearnLocationsTable, RecommendationsTable } from './courses';
import type {
  ResourceLocationsTable,
  StudyRecordsTable,
  StudyDailyTable,
  ExamsTable,
  ExamQuestionsTable,
  ExamAttemptsTable,
  ReviewCardsTable,
  ReviewGradesTable,
  RecallSessionsTable,
} from './study';

export type * from './accounts';
export type * from './content';
export type * from './cases';
export type * from './courses';
export type * from './study';

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
  map_versions: MapVersionsTable;
  own_maps: OwnMapsTable;
  own_map_versions: OwnMapVersionsTable;
  map_changes: MapChangesTable;
  own_map_changes: OwnMapChangesTable;
  map_members: MapMembersTable;
  map_removals: MapRemovalsTable;
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
  recall_sessions: RecallSessionsTable;
}
