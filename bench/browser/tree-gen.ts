// Generated study maps for the browser bench: depth ≤ 4 (root + 3 levels), balanced so that
// every size has the same shape (b level-1 topics, b² level-2, the rest spread evenly on
// level 3), ids "n0", "n1", … in pre-order, mixed Chinese/Latin texts of realistic length.

export interface GenTree {
  id: string;
  text: string;
  children: GenTree[];
}

const TOPICS = [
  '数据结构',
  '线性表',
  '栈与队列',
  '二叉树遍历',
  '图的最短路径',
  'Dynamic programming',
  '排序算法',
  '哈希表',
  'TCP 三次握手',
  '操作系统进程调度',
  'SQL JOIN',
  '微积分 极限',
  '概率论 贝叶斯',
  'React hooks',
  '编译原理 词法分析',
];

export function generateTree(total: number): GenTree {
  const b = Math.max(1, Math.floor(Math.cbrt(total)));
  let next = 0;
  const make = (): GenTree => {
    const i = next++;
    return { id: `n${i}`, text: `${TOPICS[i % TOPICS.length]} ${i}`, children: [] };
  };
  const root = make();
  const l1Count = Math.min(b, total - 1);
  const l2Count = Math.min(b * b, Math.max(0, total - 1 - l1Count));
  const l3Count = Math.max(0, total - 1 - l1Count - l2Count);
  let l2Made = 0;
  let l3Made = 0;
  for (let a = 0; a < l1Count; a++) {
    const n1 = make();
    root.children.push(n1);
    const l2Here = Math.round((l2Count * (a + 1)) / l1Count) - l2Made;
    for (let c = 0; c < l2Here; c++) {
      const n2 = make();
      n1.children.push(n2);
      l2Made++;
      const l3Here = l2Count ? Math.round((l3Count * l2Made) / l2Count) - l3Made : 0;
      for (let d = 0; d < l3Here; d++) {
        n2.children.push(make());
        l3Made++;
      }
    }
  }
  return root;
}

export function countNodes(t: GenTree): number {
  let n = 0;
  const stack = [t];
  while (stack.length) {
    const x = stack.pop()!;
    n++;
    stack.push(...x.children);
  }
  return n;
}

/**
 * The find bench's words for generateTree(total): `many` is in one topic of fifteen (哈希表 …),
 * `deep` is the last topic's whole title — a level-3 leaf at the end of the preorder, found once
 * (no other title contains it: a longer number would be an id ≥ total).
 */
export function findWords(total: number): { many: string; deep: string } {
  const last = total - 1;
  return { many: TOPICS[7], deep: `${TOPICS[last % TOPICS.length]} ${last}` };
}
