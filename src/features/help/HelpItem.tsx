import { useId, useState } from 'react';
import type { HelpEntry } from './api';

/**
 * One entry as a disclosure: a real button with aria-expanded controlling the answer region, so
 * Enter/Space toggle it and screen readers announce the state. The answer is stored text and is
 * rendered as text.
 */
export function HelpItem({ entry }: { entry: HelpEntry }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className={open ? 'help-item help-item--open' : 'help-item'}>
      <h2 className="help-item__heading">
        <button type="button" className="help-item__toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          <span className="help-item__title">{entry.title}</span>
          {entry.category && <span className="help-item__cat">{entry.category}</span>}
          <span className="help-item__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={`${id}-body`} className="help-item__body" role="region" aria-label={entry.title} hidden={!open}>
        <p className="help-item__text">{entry.content}</p>
      </div>
    </li>
  );
}
