import type { Timestamp, NullableTimestamp, G } from './columns';

// Courses: their chapter tree, sign-ups, where a student is in each video, recommendations.

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

export interface RecommendationsTable {
  id: string;
  course_id: string;
  reason: G<string>;
  sort: G<number>;
}
