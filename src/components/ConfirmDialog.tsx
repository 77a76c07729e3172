import { useCallback, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmOptions {
  title?: string;
  /** The exact confirmation sentence of the spec (§5 Confirmations). */
  message: string;
  confirmLabel?: string;
}

/**
 * An accessible replacement for window.confirm: `const { confirm, dialog } = useConfirm()`, render `dialog`, and
 * `if (await confirm({ message })) …`. Focus returns to the opener when it closes (MUI Dialog).
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback((next: ConfirmOptions) => {
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = undefined;
    setOptions(null);
  };

  const dialog = (
    <Dialog open={options !== null} onClose={() => answer(false)} aria-labelledby="confirm-title" maxWidth="xs">
      <DialogTitle id="confirm-title">{options?.title ?? 'Please confirm'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{options?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>Cancel</Button>
        <Button onClick={() => answer(true)} color="error" variant="contained" autoFocus>
          {options?.confirmLabel ?? 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { confirm, dialog };
}
