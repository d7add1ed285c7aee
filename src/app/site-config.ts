/** External sites, configurable at build time (VITE_*), with the defaults used by the demo. */
export const siteConfig = {
  examSiteUrl: import.meta.env.VITE_EXAM_SITE_URL ?? 'https://exam.xuetu.example.cn/',
  teacherSiteUrl: import.meta.env.VITE_TEACHER_SITE_URL ?? 'https://teacher.xuetu.example.cn/',
};
