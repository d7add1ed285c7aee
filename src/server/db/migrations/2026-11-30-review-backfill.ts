import { sql, type Kysely } from 'kysely';

// Issue 20: review cards are made by the writes that make a node learnt, no longer by the review
// screen's reads (no hidden writes on GET). What students learnt before cards existed becomes
// cards here, once, as the reads used to make them: every node learnt by the study records
// (node rows, resource_id '') that is in the map the student studies the case on (their own copy,
// else the official map), every node marked 已学 in their own copy, and every learnt course
// section — new cards, due at once. A card that exists is left as it is.
// Migrations never import application code: the map walk below is this file's own.

interface MapNode {
  data?: { id?: unknown; isStudy?: unknown };
  children?: MapNode[];
}

/** The ids of a stored map's nodes, and those marked learnt in it (isStudy 1). Iterative: maps may be deep. */
function nodeIds(document: string): { all: Set<string>; marked: Set<string> } {
  const all = new Set<string>();
  const marked = new Set<string>();
  let root: MapNode | undefined;
  try {
    root = (JSON.parse(document) as { root?: MapNode }).root;
  } catch {
    return { all, marked }; // an unreadable map has no nodes to review
  }
  const stack: MapNode[] = root ? [root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    const id = String(n.data?.id ?? '');
    all.add(id);
    if (Number(n.data?.isStudy) === 1) marked.add(id);
    for (const c of n.children ?? []) stack.push(c);
  }
  return { all, marked };
}

type Card = { student_id: string; kind: string; source_id: string; node_id: string };

async function insertCards(db: Kysely<unknown>, cards: Card[]): Promise<void> {
  // In slices: one statement's parameters are limited (65535 in PostgreSQL's protocol).
  for (let i = 0; i < cards.length; i += 1000) {
    const rows = cards.slice(i, i + 1000).map((c) => sql`(${c.student_id}, ${c.kind}, ${c.source_id}, ${c.node_id}, now())`);
    await sql`insert into review_cards (student_id, kind, source_id, node_id, due) values ${sql.join(rows)} on conflict do nothing`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into review_cards (student_id, kind, source_id, node_id, due)
    select student_id, 'course', course_id, node_id, now() from learn_locations where is_study = 1
    on conflict do nothing`.execute(db);

  // Case by case (one official map parsed per case, the students' own copies one at a time).
  const { rows: cases } = await sql<{ case_id: string }>`
    select case_id from case_records where resource_id = '' and is_study = 1
    union select case_id from student_maps order by case_id`.execute(db);
  for (const { case_id } of cases) {
    const { rows: recorded } = await sql<{ student_id: string; node_id: string }>`
      select student_id, node_id from case_records where case_id = ${case_id} and resource_id = '' and is_study = 1`.execute(db);
    const learnt = new Map<string, Set<string>>();
    for (const r of recorded) learnt.set(r.student_id, (learnt.get(r.student_id) ?? new Set()).add(r.node_id));
    const { rows: own } = await sql<{ student_id: string }>`select student_id from student_maps where case_id = ${case_id}`.execute(db);
    const ownIds = new Set(own.map((o) => o.student_id));
    const { rows: official } = await sql<{ document: string }>`select document from official_maps where case_id = ${case_id}`.execute(db);
    const officialIds = official.length ? nodeIds(official[0]!.document).all : new Set<string>();
    const cards: Card[] = [];
    for (const studentId of new Set([...learnt.keys(), ...ownIds])) {
      let map = { all: officialIds, marked: new Set<string>() };
      if (ownIds.has(studentId)) {
        const { rows } = await sql<{ document: string }>`
          select document from student_maps where case_id = ${case_id} and student_id = ${studentId}`.execute(db);
        map = nodeIds(rows[0]!.document);
      }
      for (const nodeId of new Set([...map.marked, ...(learnt.get(studentId) ?? [])]))
        if (map.all.has(nodeId)) cards.push({ student_id: studentId, kind: 'case', source_id: case_id, node_id: nodeId });
    }
    await insertCards(db, cards);
  }
}

/** Nothing to undo: the cards it made are ordinary cards (the review migration's down drops them all). */
export async function down(): Promise<void> {}
