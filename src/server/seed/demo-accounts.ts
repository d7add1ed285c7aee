/** Fixed demo accounts (README and outside checks rely on them). Demo data only: production runs SEED=none. */
export const DEMO_PASSWORD = 'Xuetu2026';

export const demoAccounts = [
  {
    id: 'stu-0001',
    loginName: '13800000001',
    username: '李明',
    note: '普通学生，有学习记录',
    customerType: 0,
    sex: '0',
    studentNo: '2023010101',
    specialty: '计算机科学与技术',
    classmate: '计科2301班',
  },
  {
    id: 'stu-0002',
    loginName: '13800000002',
    username: '体验账号',
    note: '学生端体验账号（customerType 1）',
    customerType: 1,
    sex: '1',
    studentNo: '2023010102',
    specialty: '软件工程',
    classmate: '软工2301班',
  },
  {
    id: 'stu-0003',
    loginName: '13800000003',
    username: '王芳',
    note: '已从一个案例结业的学生',
    customerType: 0,
    sex: '1',
    studentNo: '2022010103',
    specialty: '数据科学与大数据技术',
    classmate: '数据2201班',
  },
  {
    // Four weeks of 复习 and 回忆练习 on 健康打卡小程序 (review-history-data.ts): 我的学习's chart,
    // the map's mastery and 下一步 show real history. The students above keep none (tests rely on it).
    id: 'stu-0004',
    loginName: '13800000004',
    username: '林悦',
    note: '复习了四周的学生（健康打卡小程序：复习、回忆练习与掌握度）',
    customerType: 0,
    sex: '1',
    studentNo: '2023010104',
    specialty: '软件工程',
    classmate: '软工2301班',
  },
] as const;
