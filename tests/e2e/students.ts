import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';
import { DEMO_PASSWORD, demoAccounts } from '../../src/server/seed/demo-accounts';
import { hashPassword } from '../../src/server/lib/password';

/**
 * Students that exist only in the e2e database, one per flow that changes a student's state
 * (sign-ups, ✓ marks, progress, grades). e2e files run in any order against one seeded database;
 * a flow that owns its student cannot be broken by another file's writes, nor break one.
 * Password: the demo password. Add an entry here instead of borrowing a demo account.
 */
export const E2E_STUDENTS = {
  phoneWalk: { id: 'e2e-phone-walk', loginName: '13900000101', username: '赵手机' },
  progressWalk: { id: 'e2e-progress-walk', loginName: '13900000102', username: '钱进度' },
  practiceWalk: { id: 'e2e-practice-walk', loginName: '13900000103', username: '孙练习' },
  kityminderWalk: { id: 'e2e-kity-walk', loginName: '13900000104', username: '周导图' },
  touchMap: { id: 'e2e-touch-map', loginName: '13900000105', username: '吴触屏' },
  reviewWalk: { id: 'e2e-review-walk', loginName: '13900000106', username: '郑复习' },
  kityUserWalk: { id: 'e2e-kity-user-walk', loginName: '13900000107', username: '冯导图' },
  spare2: { id: 'e2e-spare-2', loginName: '13900000108', username: '陈备用' },
  trustWalk: { id: 'e2e-trust-walk', loginName: '13900000109', username: '褚可信' },
  progressHub: { id: 'e2e-progress-hub', loginName: '13900000110', username: '卫学图' },
  progressLive: { id: 'e2e-progress-live', loginName: '13900000111', username: '蒋同步' },
  reviewCards: { id: 'e2e-review-cards', loginName: '13900000112', username: '沈卡片' },
  reviewOffline: { id: 'e2e-review-offline', loginName: '13900000113', username: '韩离线' },
  pipelineWalk: { id: 'e2e-pipeline-walk', loginName: '13900000114', username: '杨管线' },
  reviewMap: { id: 'e2e-review-map', loginName: '13900000120', username: '朱复图' },
  progressRules: { id: 'e2e-progress-rules', loginName: '13900000125', username: '许规则' },
  mindmapPolish: { id: 'e2e-mindmap-polish', loginName: '13900000140', username: '周打磨' },
  formatsWalk: { id: 'e2e-formats-walk', loginName: '13900000130', username: '许格式' },
  reviewPhone: { id: 'e2e-review-phone', loginName: '13900000115', username: '钱手机' },
  mapVersions: { id: 'e2e-map-versions', loginName: '13900000135', username: '秦版本' },
  pdfExport: { id: 'e2e-pdf-export', loginName: '13900000155', username: '孔导出' },
  formulas: { id: 'e2e-formulas', loginName: '13900000150', username: '公式生' },
  mapRelations: { id: 'e2e-map-relations', loginName: '13900000160', username: '关关联' },
  summariesWalk: { id: 'e2e-summaries-walk', loginName: '13900000165', username: '孔概要' },
  summariesSides: { id: 'e2e-summaries-sides', loginName: '13900000230', username: '左右概要' },
  phoneFixes: { id: 'e2e-phone-fixes', loginName: '13900000170', username: '蒋手机' },
  nowMarked: { id: 'e2e-now-marked', loginName: '13900000175', username: '林在学' },
  lineKeys: { id: 'e2e-line-keys', loginName: '13900000260', username: '严线键' },
  mapCamera: { id: 'e2e-map-camera', loginName: '13900000261', username: '华镜头' },
  touchLines: { id: 'e2e-touch-lines', loginName: '13900000360', username: '吴触线' },
  touchMenus: { id: 'e2e-touch-menus', loginName: '13900000362', username: '吴触菜' },
  touchMulti: { id: 'e2e-touch-multi', loginName: '13900000363', username: '吴多选' },
  fitTemplates: { id: 'e2e-fit-templates', loginName: '13900000361', username: '吴适应' },
  editorUx: { id: 'e2e-editor-ux', loginName: '13900000330', username: '金编辑' },
  itemsFollow: { id: 'e2e-items-follow', loginName: '13900000290', username: '项随主' },
  formatsStructure: { id: 'e2e-formats-structure', loginName: '13900000310', username: '简结构' },
  summaryFixes: { id: 'e2e-summary-fixes', loginName: '13900000370', username: '概要修' },
  profileFirst: { id: 'e2e-profile-first', loginName: '13900000380', username: '方资料' },
  passwordRemember: { id: 'e2e-password-remember', loginName: '13900000381', username: '任记密' },
  signUpDraft: { id: 'e2e-signup-draft', loginName: '13900000382', username: '唐草稿' },
  recallWalk: { id: 'e2e-recall-walk', loginName: '13900000390', username: '温回忆' },
  recallPhone: { id: 'e2e-recall-phone', loginName: '13907583614', username: '掌上回忆' },
  walkScreens: { id: 'e2e-walk-screens', loginName: '13900000417', username: '屏幕走查' },
  saveRetry: { id: 'e2e-save-retry', loginName: '13900000391', username: '重试生' },
  typingBursts: { id: 'e2e-typing-bursts', loginName: '13900000392', username: '连按键' },
  twoTabs: { id: 'e2e-two-tabs', loginName: '13900000618', username: '双页签' },
  myMaps: { id: 'e2e-my-maps', loginName: '13947213086', username: '图自己' },
  walkSheet: { id: 'e2e-walk-sheet', loginName: '13900000480', username: '纲不遮' },
  bulkImport: { id: 'e2e-bulk-import', loginName: '13900004901', username: '批导入' },
  shareOwner: { id: 'e2e-share-owner', loginName: '13900005101', username: '共享主' },
  shareMember: { id: 'e2e-share-member', loginName: '13900005102', username: '共享员' },
  liveDevices: { id: 'e2e-live-devices', loginName: '13900005201', username: '两台机' },
  caseOwner: { id: 'e2e-case-owner', loginName: '13900005301', username: '合作主' },
  caseMember: { id: 'e2e-case-member', loginName: '13900005302', username: '合作员' },
  ownTwoTabs: { id: 'e2e-own-two-tabs', loginName: '13900005401', username: '两页图' },
  editingWalk: { id: 'e2e-editing-walk', loginName: '13900005501', username: '编导图' },
  burstClose: { id: 'e2e-burst-close', loginName: '13900005601', username: '连关页' },
} as const;

export type E2EStudent = keyof typeof E2E_STUDENTS;

/** The 学号 an e2e student is seeded with (by its place in E2E_STUDENTS). */
export const e2eStudentNo = (key: E2EStudent) => `20249901${String(Object.keys(E2E_STUDENTS).indexOf(key) + 1).padStart(2, '0')}`;

/** Migrates and seeds the embedded database in `dataDir`, then adds the e2e-only students. */
export async function prepareE2EDatabase(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    await seedDemo(database.db);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const template = demoAccounts[0];
    for (const [key, s] of Object.entries(E2E_STUDENTS)) {
      await database.db
        .insertInto('students')
        .values({
          id: s.id,
          login_name: s.loginName,
          password_hash: passwordHash,
          username: s.username,
          student_no: e2eStudentNo(key as E2EStudent),
          sex: template.sex,
          specialty: template.specialty,
          classmate: template.classmate,
          phone: s.loginName,
          customer_type: 0,
        })
        .execute();
    }
    // practiceWalk has a task open for submission (task-3 ends in two days): dead-ends.e2e submits it with an attachment.
    await database.db
      .insertInto('task_students')
      .values({ id: 'ts-e2e-practice-walk', task_id: 'task-3', student_id: E2E_STUDENTS.practiceWalk.id, status: 0 })
      .execute();
  } finally {
    await database.close();
  }
}
