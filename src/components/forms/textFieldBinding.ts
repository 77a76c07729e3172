import type { ChangeEvent } from 'react';

/** An admin form's string values, their messages, and how a change is reported. */
export interface FormBinding<Values> {
  values: Values;
  errors: Partial<Record<keyof Values, string>>;
  onChange: (changes: Partial<Values>) => void;
}

/** The props that tie one TextField to its form value and show the value's message as an error. */
export function textFieldBinding<Values>({ values, errors, onChange }: FormBinding<Values>, field: keyof Values) {
  return {
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ [field]: event.target.value } as Partial<Values>),
    error: Boolean(errors[field]),
    helperText: errors[field],
  };
}
