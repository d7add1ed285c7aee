import type { Db } from '../../db/database';
import { syncOneCase, type CardSync } from '../review/cards';
import { toOutline, type KmDocument } from './document';
import { saveStudentMap } from './maps';
import { mapMeta } from './versions';
import type { MapHeads } from './head-cache';
import { caseRef } from './map-log';

/**
 * saveStuMind's writes, all in one transaction (issue 37): the map with its kept and pruned
 * versions (saveStudentMap), then the review cards that follow it (syncOneCase). Either all of it
 * is stored or none of it: a save answered with an error stored nothing, so its retry is not a
 * conflict, and a stored map always has its cards. A save writes no study progress: 已学 marks of
 * an own copy make review cards only (case_records change with the study itself, study/).
 * Resolves undefined when `expected` is not the saved version (nothing written).
 */
export async function saveMapAndEffects(
  db: Db,
  studentId: string,
  caseId: string,
  expected: number,
  doc: KmDocument,
  text: string,
  heads?: MapHeads,
  now = new Date(),
  saveId?: string,
): Promise<{ version: number; cards: CardSync } | undefined> {
  // the cached head is of the map replaced (stale once this commits; a failed save leaves it right)
  heads?.drop(caseRef(studentId, caseId));
  return db.transaction().execute(async (trx) => {
    const version = await saveStudentMap(trx, studentId, caseId, expected, { document: text, outline: toOutline(doc), ...mapMeta(doc), saveId }, now, heads);
    if (version === undefined) return undefined;
    return { version, cards: await syncOneCase(trx, studentId, caseId, doc, now) };
  });
}
