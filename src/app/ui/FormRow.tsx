import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './form-row.css';

/** What a row hands its control so the label, message and invalid state are tied to it. */
export interface FormRowControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormRowProps {
  label: string;
  error?: string | null;
  /** Shown under the control while there is no error. */
  hint?: string;
  /** Layout modifiers from the owning screen (e.g. `field--wide`). */
  className?: string;
  children(control: FormRowControlProps): ReactNode;
}

/**
 * One labelled form row: label bound to the control (htmlFor/id), hint or error tied to it
 * (aria-describedby) and the error announced when it appears (role=alert). The owning screen
 * decides the control (input, textarea) and the row layout.
 */
export function FormRow({ label, error, hint, className, children }: FormRowProps) {
  const id = useId();
  const described = [hint && !error ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        {children({ id, className: 'field__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
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

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  error?: string | null;
  hint?: string;
  rowClassName?: string;
}

/** The common case: a FormRow holding a single-line input. */
export function Field({ label, error, hint, rowClassName, ...input }: FieldProps) {
  return (
    <FormRow label={label} error={error} hint={hint} className={rowClassName}>
      {(control) => <input {...control} {...input} />}
    </FormRow>
  );
}
