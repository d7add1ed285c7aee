import { useState } from 'react';
import { formatDuration } from '../../app/lib/format';
import type { CourseNode } from './api';
import { StudyMark } from '../../app/ui/StudyMark';

export interface CourseTreeProps {
  tree: readonly CourseNode[];
  onOpen(section: CourseNode): void;
  /** the section being played (CourseContent), marked as the current one */
  currentId?: string;
}

/** Chapters (their stored names carry the numbering, 第1章 …) as disclosure buttons with their sections; each section shows its study marker and length or 外链. */
export function CourseTree({ tree, onOpen, currentId }: CourseTreeProps) {
  // All chapters start open: courses here have a handful of chapters and students scan the outline.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="course-tree">
      {tree.map((chapter) => {
        const open = !closed.has(chapter.uuid);
        const listId = `chapter-${chapter.uuid}`;
        return (
          <div key={chapter.uuid} className="chapter">
            <button type="button" className="chapter__toggle" aria-expanded={open} aria-controls={listId} onClick={() => toggle(chapter.uuid)}>
              <span className="chapter__chevron" aria-hidden="true">
                ›
              </span>
              {chapter.name}
            </button>
            {open && (
              <ol id={listId} className="sections">
                {(chapter.children ?? []).map((s) => {
                  const current = currentId !== undefined && (s.nodeId ?? s.uuid) === currentId;
                  return (
                    <li key={s.uuid} className={current ? 'section section--current' : 'section'}>
                      <StudyMark isStudy={s.isStudy} />
                      <button type="button" className="section__name" onClick={() => onOpen(s)} aria-current={current ? 'true' : undefined}>
                        {s.name}
                      </button>
                      <span className="section__meta">{s.recommendUrl ? '外链' : formatDuration(s.duration)}</span>
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
        );
      })}
    </div>
  );
}
