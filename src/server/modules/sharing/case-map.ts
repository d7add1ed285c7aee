import type { Db, DbOrTrx } from '../../db/database';
import { forbidden, notFound } from '../../http/envelope';
import { isExperienceAccount } from '../../http/write-policy';
import { EXPERIENCE_MSG, GRADUATED_MSG, NOT_APPLIED_MSG, caseWriteAccess } from '../cases/access';
import { walk, type KmDocument, type KmNode } from '../mindmaps/document';
import type { MapHeads } from '../mindmaps/head-cache';
import { saveChanges } from '../mindmaps/changes';
import type { SaveChangesBody } from '../../../contract/map-changes';
import { SHARE_MSG } from '../../../contract/sharing';
import { PROGRESS_KEYS } from '../../../contract/rules';
import { type Change, withoutKeys } from '../../../mindmap/core';
import { caseMapAccess, lockEditor } from './members';

// A case map shared with members (issue 32): whose map a request names, and what a member's write
// may carry. A student's progress (已学 isStudy, 正在学 isNow; review cards follow isStudy) is
// theirs alone: a member sees the owner's topics with their own marks, and never writes a mark
// into the owner's map — their sets lose progress keys, their whole saves keep the owner's marks.

export const FORBIDDEN_MAP_MSG = '无权查看其他学生的思维导图';
const PROGRESS = new Set(PROGRESS_KEYS);

/**
 * The owner of the map a request names (`studentId`: the owner, when not the signed-in student)
 * after the requester's access to it, in one statement. `write`: an editing member of an owner
 * still studying the case (a graduated owner's map is kept as it is).
 */
export async function caseMapOwner(db: DbOrTrx, requesterId: string, caseId: string, askedFor: string | undefined, write = false): Promise<string> {
  if (!askedFor || askedFor === requesterId) return requesterId;
  const { role, ownerAccess, removed } = await caseMapAccess(db, askedFor, caseId, requesterId);
  // a former member is told they are no longer one; anyone else only that it is not theirs to see
  if (!role) throw forbidden(removed ? SHARE_MSG.removed : FORBIDDEN_MAP_MSG);
  if (write && role === 'view') throw forbidden(SHARE_MSG.readOnly);
  if (write && ownerAccess !== 1) throw forbidden(SHARE_MSG.ownerGone);
  return askedFor;
}

/** The write policy of a case write (write-policy.ts), for writes that do not come through a route (the live socket). */
export async function assertCaseWriter(db: DbOrTrx, writerId: string, caseId: string): Promise<void> {
  if (await isExperienceAccount(db, writerId)) throw forbidden(EXPERIENCE_MSG);
  const access = await caseWriteAccess(db, writerId, caseId);
  if (access === null) throw notFound('案例不存在');
  if (access === 0) throw forbidden(NOT_APPLIED_MSG);
  if (access === 2) throw forbidden(GRADUATED_MSG);
}

/** Takes every progress mark out of a map (the owner's, before a member's own are put on). */
export function clearProgress(doc: KmDocument): KmDocument {
  walk(doc.root, (n) => {
    delete n.data.isStudy;
    delete n.data.isNow;
  });
  return doc;
}

/**
 * The owner's map as a member sees it before markProgress puts their 已学 and 正在学 on: the
 * owner's marks out, the member's own hand-set 正在学 (`handNow`, map_members.now_node) on its
 * topic — which markProgress keeps only while the server has no 正在学 from the member's records
 * and the topic is not learnt; a topic no longer in the map is simply not found.
 */
export function asMemberSees(doc: KmDocument, handNow: string | undefined): KmDocument {
  clearProgress(doc);
  if (handNow !== undefined)
    walk(doc.root, (n) => {
      if (String(n.data.id ?? '') === handNow) n.data.isNow = 1;
    });
  return doc;
}

/** A member's sets without progress: marks set or carried by added topics are dropped (the engine's rule for an overlay). */
export function stripProgress<S extends { changes: object[] }>(sets: readonly S[]): S[] {
  return sets.map((s) => ({ ...s, changes: withoutKeys(s.changes as Change[], PROGRESS) }));
}

/** A member's whole save keeps the owner's marks: the incoming map's marks replaced by the owner's, topic by topic. */
export function keepOwnerProgress(incoming: KmDocument, owner: KmDocument | undefined): KmDocument {
  const marks = new Map<string, KmNode['data']>();
  if (owner) walk(owner.root, (n) => marks.set(String(n.data.id ?? ''), n.data));
  clearProgress(incoming);
  walk(incoming.root, (n) => {
    const was = marks.get(String(n.data.id ?? ''));
    if (was?.isStudy !== undefined) n.data.isStudy = was.isStudy;
  });
  return incoming;
}

/**
 * saveChanges as `writerId` on `ownerId`'s map: the one path of a change set, from the HTTP route
 * and from the live socket. A member's sets lose progress keys, and their role is checked again
 * inside the transaction with their row locked (removed or made 只读 meanwhile: refused).
 */
export function saveChangesAs(db: Db, heads: MapHeads, writerId: string, ownerId: string, caseId: string, body: Pick<SaveChangesBody, 'base' | 'sets'>) {
  if (writerId === ownerId) return saveChanges(db, heads, ownerId, caseId, body);
  const key = { kind: 'case' as const, ownerId, ref: caseId };
  return saveChanges(db, heads, ownerId, caseId, { base: body.base, sets: stripProgress(body.sets) }, new Date(), (trx) => lockEditor(trx, key, writerId));
}
