import { useEffect, useState } from 'react';

/** How long typing may pause before a typed filter applies (Enter applies at once). */
export const TYPING_PAUSE_MS = 500;

/**
 * A filter typed into a field (model, cost): the field shows what is typed, and the value applies once typing pauses
 * or on Enter, so the log is not asked again on every keystroke. `parse` reads the text: undefined when it is not a
 * value (the field then says so and nothing applies). A change from outside (the URL, Back) shows in the field.
 */
export function useTypedFilter<Value>(
  value: Value,
  onApply: (value: Value) => void,
  parse: (text: string) => Value | undefined,
  format: (value: Value) => string,
) {
  const [text, setText] = useState(() => format(value));
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(format(value));
  }
  const parsed = parse(text);
  const apply = () => {
    if (parsed === undefined || parsed === value) return;
    setApplied(parsed);
    onApply(parsed);
  };
  useEffect(() => {
    if (parsed === undefined || parsed === value) return;
    const timer = setTimeout(() => {
      setApplied(parsed);
      onApply(parsed);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [parsed, value, onApply]);
  return { text, setText, apply, invalid: parsed === undefined };
}
