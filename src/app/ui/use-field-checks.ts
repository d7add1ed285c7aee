import { useState } from 'react';

/** A form's shown messages, by field; a field without one is valid (or not yet checked). */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Every field's message; empty when the form may be sent. */
export function validateAll<K extends string, V>(fields: readonly K[], values: V, one: (f: K, v: V) => string | null): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const f of fields) {
    const e = one(f, values);
    if (e) errors[f] = e;
  }
  return errors;
}

/**
 * The validation rhythm all our forms share: a field is checked when it loses focus and every
 * field on submit; once a message shows, it follows the typing so it goes as soon as the value
 * is right (not before the student had a chance to finish typing).
 */
export function useFieldChecks<K extends string, V extends Record<K, string>>(
  initial: V | (() => V),
  fields: readonly K[],
  fieldError: (f: K, v: V) => string | null,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const change = (field: K, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: fieldError(field, next) ?? undefined }));
  };
  const check = (field: K) => setErrors((e) => ({ ...e, [field]: fieldError(field, values) ?? undefined }));
  /** Checks every field and shows the messages; the first invalid field, or undefined when all are fine. */
  const checkAll = (): K | undefined => {
    const found = validateAll(fields, values, fieldError);
    setErrors(found);
    return fields.find((f) => found[f]);
  };

  return { values, setValues, errors, change, check, checkAll };
}
