import type { Trx } from '../db/database';

/** Study years (default 2021, SPEC §9) and the dictionaries the screens label codes with. */
export async function seedBase(trx: Trx): Promise<void> {
  const years = ['2021', '2022', '2023', '2024', '2025', '2026'];
  await trx
    .insertInto('years')
    .values(years.map((year, i) => ({ id: `year-${year}`, year, is_default: year === '2021' ? 1 : 0, sort: i })))
    .execute();

  const dicts: { type: string; label: string; items: [string, string][] }[] = [
    {
      type: 'file_suffix',
      label: '资源类型',
      items: [
        ['0', '文本'],
        ['1', '图片'],
        ['2', '链接'],
        ['3', '视频'],
        ['4', 'PDF文档'],
      ],
    },
    {
      type: 'sex',
      label: '性别',
      items: [
        ['0', '男'],
        ['1', '女'],
      ],
    },
    {
      type: 'education',
      label: '学历',
      items: [
        ['1', '本科'],
        ['2', '硕士研究生'],
        ['3', '博士研究生'],
      ],
    },
    {
      type: 'degree',
      label: '学位',
      items: [
        ['1', '学士'],
        ['2', '硕士'],
        ['3', '博士'],
      ],
    },
    {
      type: 'technical_position',
      label: '职称',
      items: [
        ['1', '助教'],
        ['2', '讲师'],
        ['3', '副教授'],
        ['4', '教授'],
        ['5', '高级工程师'],
      ],
    },
    {
      type: 'task_status',
      label: '任务状态',
      items: [
        ['0', '未开始'],
        ['1', '进行中'],
        ['2', '已提交'],
        ['3', '已批阅'],
        ['4', '已逾期'],
      ],
    },
    {
      type: 'sign_status',
      label: '导师报名状态',
      items: [
        ['0', '申请中'],
        ['1', '报名成功'],
        ['2', '报名失败'],
        ['3', '已取消'],
      ],
    },
  ];
  const rows: { id: string; parent_id: string; dict_type: string; dict_value: string; dict_label: string; sort: number }[] = [];
  dicts.forEach((d, i) => {
    const rootId = `dict-${d.type}`;
    rows.push({ id: rootId, parent_id: '0', dict_type: d.type, dict_value: d.type, dict_label: d.label, sort: i });
    d.items.forEach(([value, label], j) =>
      rows.push({ id: `${rootId}-${value}`, parent_id: rootId, dict_type: d.type, dict_value: value, dict_label: label, sort: j }),
    );
  });
  // Disciplines nest two levels (first and second discipline of a tutor).
  const disciplines: [string, string[]][] = [
    ['工学', ['计算机科学与技术', '软件工程', '电子信息', '控制科学与工程']],
    ['理学', ['数学', '统计学', '物理学']],
    ['管理学', ['管理科学与工程', '工商管理']],
  ];
  rows.push({ id: 'dict-discipline', parent_id: '0', dict_type: 'discipline', dict_value: 'discipline', dict_label: '学科', sort: 99 });
  disciplines.forEach(([first, seconds], i) => {
    const id = `dict-discipline-${i + 1}`;
    rows.push({ id, parent_id: 'dict-discipline', dict_type: 'discipline', dict_value: String(i + 1), dict_label: first, sort: i });
    seconds.forEach((s, j) =>
      rows.push({ id: `${id}-${j + 1}`, parent_id: id, dict_type: 'discipline', dict_value: `${i + 1}-${j + 1}`, dict_label: s, sort: j }),
    );
  });
  await trx.insertInto('dict_data').values(rows).execute();
}
