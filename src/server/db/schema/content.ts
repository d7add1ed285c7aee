import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, G } from './columns';

// Site content and shared lists: years, dictionaries, help, tutors and their sign-ups; stored
// files, generated covers and upload slots.

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

export interface FilesTable {
  id: string;
  owner_id: string | null;
  file_name: string;
  content_type: string;
  size: ColumnType<string | number, number, number>;
  storage_key: string;
  created_at: Timestamp;
}

/** Generated case covers (SVG), served with their etag. */
export interface CoversTable {
  id: string;
  svg: string;
  etag: string;
}

/** Uploads in progress, per student (the concurrent-upload limit); lapse at expires_at. */
export interface UploadSlotsTable {
  id: string;
  student_id: string;
  expires_at: Timestamp;
}
