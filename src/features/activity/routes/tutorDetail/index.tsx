// Route file (SPEC §2): '/tutorDetail?id&uid&isSignIn&isDone', one tutor's résumé and sign-up.
export { TutorDetail as Screen } from '../../TutorDetail';
