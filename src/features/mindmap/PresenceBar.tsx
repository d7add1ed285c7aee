import type { LivePresence } from '../../contract/live';
import type { EditorController } from '../../mindmap';
import { peerName, peerTopic } from './use-presence';
import './presence.css';

/**
 * Who else has the map open, in the toolbar: a dot in each one's colour (the colour of their ring
 * on the canvas) with the first character of their name, the name, and where they are.
 */
export function PresenceBar({ ctl, peers, ownMemberId }: { ctl: EditorController; peers: readonly LivePresence[]; ownMemberId: string }) {
  // one entry a person (a classmate with two tabs open is one classmate), at their latest place
  const people = [...new Map(peers.map((p) => [p.memberId === ownMemberId ? p.conn : p.memberId, p])).values()];
  if (!people.length) return null;
  return (
    <ul className="mind-presence" aria-label="也在这张导图上">
      {people.map((p) => {
        const name = peerName(p, ownMemberId);
        const at = peerTopic(p);
        const title = at ? (ctl.model.get(at)?.text ?? '') : '';
        const where = title ? `正在${p.editing ? '编辑' : '看'}「${title}」` : '';
        return (
          <li key={p.conn} className="mind-presence__peer" title={[name, p.role === 'view' ? '只读' : '', where].filter(Boolean).join(' · ')}>
            <span className="mind-presence__dot" style={{ background: p.colour }} aria-hidden="true">
              {[...p.name][0] ?? '?'}
            </span>
            <span className="mind-presence__name">{name}</span>
            {p.role === 'view' && <span className="mind-presence__role">（只读）</span>}
            {where && <span className="visually-hidden">，{where}</span>}
          </li>
        );
      })}
    </ul>
  );
}
