import { useId, type InputHTMLAttributes } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: string;
}

/** A labelled input whose message is tied to it (aria-describedby) and announced when it appears. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
        {hint && !error && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-err`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
