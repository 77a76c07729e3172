import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export const POPUP_BLOCKED_MESSAGE =
  'Please allow popups to complete payment. You can also copy the payment link below.';

interface PaymentWaitingStepProps {
  status: string;
  paymentUrl: string;
  popupBlocked: boolean;
}

/** While the provider's window is open: the current status, and the link to copy when the popup was blocked. */
export function PaymentWaitingStep({ status, paymentUrl, popupBlocked }: PaymentWaitingStepProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(paymentUrl);
      setCopied(true);
    } catch (error) {
      console.error('Could not copy the payment link', error);
    }
  };
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-label="Waiting for payment" />
        <Typography>Waiting for your payment to complete…</Typography>
      </Stack>
      <Typography role="status">
        Status: <strong>{status}</strong>
      </Typography>
      {popupBlocked ? (
        <>
          <Alert severity="warning">{POPUP_BLOCKED_MESSAGE}</Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label="Payment link"
              value={paymentUrl}
              slotProps={{ htmlInput: { readOnly: true } }}
              size="small"
              fullWidth
            />
            <Button variant="outlined" onClick={copy}>
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </Stack>
        </>
      ) : (
        <Typography color="textSecondary">
          Complete the payment in the window that opened. This dialog updates by itself.
        </Typography>
      )}
    </Stack>
  );
}
