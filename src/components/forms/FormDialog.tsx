import { useId, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FailureAlert, type Failure } from './FailureAlert';
import { DialogForm } from '../DialogForm';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** Submit is also disabled while there is nothing to save (an edit that changes nothing). */
  submitDisabled?: boolean;
  failure: Failure | null;
  onClearFailure: () => void;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A create or edit dialog (admin lists, API keys): a form with the server's failure above its fields, Cancel and submit. */
export function FormDialog({
  title,
  submitLabel,
  busy,
  submitDisabled = false,
  failure,
  onClearFailure,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogForm onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FailureAlert failure={failure} onClose={onClearFailure} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
