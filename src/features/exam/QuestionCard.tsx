import { useId } from 'react';
import type { Question } from './api';
import { choose } from './answer-state';
import { TYPE_LABELS } from './exam-status';

/**
 * One question as a native fieldset: radios for single choice and true/false, checkboxes for
 * multiple choice. Arrow keys, Space and Tab work as browsers make them work.
 */
export function QuestionCard({
  question,
  index,
  value,
  onChange,
  disabled,
}: {
  question: Question;
  index: number;
  value: string;
  onChange(next: string): void;
  disabled?: boolean;
}) {
  const name = useId();
  const multiple = question.qType === 2;
  return (
    <fieldset className="exam-q" disabled={disabled}>
      <legend className="exam-q__stem">
        <span className="exam-q__no">{index + 1}.</span>
        <span className="exam-q__type">{TYPE_LABELS[question.qType]}</span>
        {question.stem}
        <span className="exam-q__score">（{question.score} 分）</span>
      </legend>
      <div className="exam-q__options">
        {question.options.map((o) => {
          const checked = value.includes(o.key);
          return (
            <label key={o.key} className={`exam-opt${checked ? ' exam-opt--on' : ''}`}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={o.key}
                checked={checked}
                onChange={() => onChange(choose(value, o.key, question.qType))}
              />
              {question.qType !== 3 && <span className="exam-opt__key">{o.key}.</span>}
              <span>{o.text}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
