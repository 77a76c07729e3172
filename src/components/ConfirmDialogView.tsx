import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmOptions {
  title?: string;
  /** The fixed confirmation sentence (docs/rules.md#layout-and-timings). */
  message: string;
  confirmLabel?: string;
}

/** The confirmation dialog itself; useConfirm loads it on first use. */
export default function ConfirmDialogView({
  options,
  onAnswer,
}: {
  options: ConfirmOptions | null;
  onAnswer: (value: boolean) => void;
}) {
  return (
    <Dialog open={options !== null} onClose={() => onAnswer(false)} aria-labelledby="confirm-title" maxWidth="xs">
      <DialogTitle id="confirm-title">{options?.title ?? 'Please confirm'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{options?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>Cancel</Button>
        <Button onClick={() => onAnswer(true)} color="error" variant="contained" autoFocus>
          {options?.confirmLabel ?? 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
