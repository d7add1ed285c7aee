import { ContextMenu } from 'radix-ui';
import type { ReactNode } from 'react';

// A submenu of the map's menus (优先级 ▸, 关联线 ▸). On a phone it is a titled group inside the
// menu instead: a submenu opened beside the menu ran off a 375 px screen (neither side had room),
// while the menu itself scrolls (mindmap.css), so every item stays within a finger's reach.

/** Gap kept between a menu and the screen edge (a taller menu scrolls inside it). */
export const MENU_EDGE = 8;

interface Props {
  /** The submenu's (or group's) accessible name. */
  label: string;
  /** What its trigger (or the group's title) shows. */
  title: ReactNode;
  /** On a phone: a group inside the menu. */
  inline: boolean;
  disabled?: boolean;
  children: ReactNode;
}

export function MenuSub({ label, title, inline, disabled = false, children }: Props) {
  if (inline)
    return (
      <ContextMenu.Group aria-label={label}>
        <ContextMenu.Label className="mind-menu__label" aria-hidden="true">
          {title}
        </ContextMenu.Label>
        {children}
      </ContextMenu.Group>
    );
  return (
    <ContextMenu.Sub>
      <ContextMenu.SubTrigger className="mind-menu__item" disabled={disabled}>
        {title}
        <span className="mind-menu__key">▸</span>
      </ContextMenu.SubTrigger>
      <ContextMenu.Portal>
        <ContextMenu.SubContent className="mind-menu" aria-label={label} collisionPadding={MENU_EDGE}>
          {children}
        </ContextMenu.SubContent>
      </ContextMenu.Portal>
    </ContextMenu.Sub>
  );
}
