import type { Trx } from '../db/database';

/** Length in seconds of the lesson clip every seeded course section and case video plays (demo-lesson.webm). */
export const LESSON_SECONDS = 30;

/** Pages of demo-handout.pdf, every seeded case PDF (a PDF is completed by its pages seen). */
export const DEMO_PDF_PAGES = 3;

/** Platform media, stored as committed fixtures (storage keys `fixture:<name>`, see lib/storage.ts). */
export const FILE_IDS = {
  video: 'file-demo-video',
  lesson: 'file-lesson-video',
  image: 'file-demo-image',
  pdf: 'file-demo-pdf',
  tutorVideo: 'file-tutor-video',
} as const;

export async function seedFiles(trx: Trx): Promise<void> {
  await trx
    .insertInto('files')
    .values([
      { id: FILE_IDS.video, owner_id: null, file_name: '课程演示视频.mp4', content_type: 'video/mp4', size: 2429, storage_key: 'fixture:demo-video.mp4' },
      // A 30 s real clip, so playing, saving the position and resuming can be seen and tested.
      {
        id: FILE_IDS.lesson,
        owner_id: null,
        file_name: '课程讲解视频.webm',
        content_type: 'video/webm',
        size: 103817,
        storage_key: 'fixture:demo-lesson.webm',
      },
      { id: FILE_IDS.tutorVideo, owner_id: null, file_name: '导师介绍视频.mp4', content_type: 'video/mp4', size: 2429, storage_key: 'fixture:demo-video.mp4' },
      {
        id: FILE_IDS.image,
        owner_id: null,
        file_name: '系统架构示意图.png',
        content_type: 'image/png',
        size: 71544,
        storage_key: 'fixture:system-diagram.png',
      },
      { id: FILE_IDS.pdf, owner_id: null, file_name: '需求分析讲义.pdf', content_type: 'application/pdf', size: 4886, storage_key: 'fixture:demo-handout.pdf' },
    ])
    .execute();
}
