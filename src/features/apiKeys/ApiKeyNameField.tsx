import { TextInput } from '../../components/TextInput';

interface ApiKeyNameFieldProps {
  value: string;
  onChange: (name: string) => void;
  errorText?: string | null;
  autoFocus?: boolean;
}

/** The key's name, as Create and Edit ask for it: required, at most 100 characters (the contract's KeyName). */
export function ApiKeyNameField({ value, onChange, errorText, autoFocus }: ApiKeyNameFieldProps) {
  return (
    <TextInput
      label="API Key Name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      autoFocus={autoFocus}
      errorText={errorText}
      helperText={errorText ?? "A name that tells you where the key is used, e.g. 'Production server'."}
      htmlInput={{ maxLength: 100 }}
    />
  );
}
