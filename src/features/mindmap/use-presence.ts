import { useEffect, useSyncExternalStore } from 'react';
import type { LivePresence } from '../../contract/live';
import { colourNumber, type EditorController, type PresenceMark } from '../../mindmap';
import type { PresenceRoom } from './presence-room';

/** How often this page's place (the selected topic, the title being typed) is looked at; sent only when it moved. */
const LOOK_MS = 400;

const none = () => () => {};
const zero = () => 0;

/** A peer as the page says it: the student's own other page is 你的另一个页面. */
export function peerName(p: LivePresence, ownMemberId: string): string {
  return p.memberId === ownMemberId ? '你的另一个页面' : p.name;
}

/** The topic a peer is at (the one being typed in first), or null. */
export const peerTopic = (p: LivePresence): string | null => p.editing ?? p.selected;

/**
 * Presence on the open map: sends where this page is, rings the topics others are at on the
 * canvas, says politely who comes and goes, and returns who is here for the bar and the tree.
 */
export function usePresence(ctl: EditorController, room: PresenceRoom | null): LivePresence[] {
  useSyncExternalStore(room?.subscribe ?? none, room?.getVersion ?? zero);
  const peers = room?.peers ?? [];

  useEffect(() => {
    if (!room) return;
    const look = () => room.want(ctl.getState().selection[0] ?? null, ctl.textEdit.typed?.id || null);
    look();
    const unsubscribe = ctl.subscribe(look);
    const timer = setInterval(look, LOOK_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [ctl, room]);

  useEffect(() => {
    if (!room) return;
    // a person, not a tab: said when their first page opens the map and when their last one leaves
    room.onPeer = ({ kind, peer }) => {
      const others = room.peers.filter((p) => p.memberId === peer.memberId && p.conn !== peer.conn).length;
      if (!others) ctl.say(`${peerName(peer, room.memberId)}${kind === 'joined' ? '打开了' : '离开了'}这张导图`);
    };
    return () => void (room.onPeer = () => {});
  }, [ctl, room]);

  const key = peers.map((p) => `${p.conn}:${peerTopic(p)}:${p.editing ? 1 : 0}`).join(',');
  useEffect(() => {
    const marks = new Map<string, PresenceMark>();
    for (const p of room?.peers ?? []) {
      const at = peerTopic(p);
      if (at && (!marks.has(at) || (p.editing && !marks.get(at)!.editing)))
        marks.set(at, {
          colour: colourNumber(p.colour),
          initial: [...p.name][0] ?? '?',
          editing: !!p.editing,
          name: peerName(p, room!.memberId),
          mine: p.memberId === room!.memberId,
        });
    }
    ctl.doc.setPresence(marks);
  }, [ctl, room, key]);
  useEffect(() => () => ctl.doc.setPresence(new Map()), [ctl]);

  return peers;
}

/**
 * What the tree says on a topic others are at: 王芳正在编辑, 李明正在看 — a person once (two
 * pages of one member on the topic are one entry, 编辑 over 看).
 */
export function presenceMarks(peers: readonly LivePresence[], id: string, ownMemberId: string): string[] {
  const editing = new Map<string, boolean>();
  const names = new Map<string, string>();
  for (const p of peers) {
    if (peerTopic(p) !== id) continue;
    editing.set(p.memberId, editing.get(p.memberId) === true || !!p.editing);
    names.set(p.memberId, peerName(p, ownMemberId));
  }
  return [...names].map(([member, name]) => `${name}正在${editing.get(member) ? '编辑' : '看'}`);
}
