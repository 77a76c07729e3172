import { useState } from 'react';

/** A dialog form's values and the messages of its last check; `check` returns whether it may be sent. */
export function useForm<Values extends object>(
  initial: Values,
  validate: (values: Values) => Partial<Record<keyof Values, string>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const onChange = (changes: Partial<Values>) => setValues((previous) => ({ ...previous, ...changes }));
  const check = () => {
    const found = validate(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, errors, onChange, check };
}
