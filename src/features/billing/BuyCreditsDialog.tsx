import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { api, useCreatePaymentLinkMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { DASHBOARD_REFRESH_TAGS, PAYMENT_COMPLETED_TAGS } from '../../store/tags';
import { errorMessage } from '../../lib/apiError';
import { buyCreditsReducer, initialBuyState, type BuyEvent } from './buyCredits';
import { dollarsToCents } from '../../../contract/money';
import { PAYMENT_FAILED_TITLE } from './payments';
import { isValidTopUp, parseTopUpAmount, topUpDescription } from './topUp';
import { PaymentWaitingStep } from './PaymentWaitingStep';
import { TopUpAmountStep } from './TopUpAmountStep';
import { usePaymentPolling } from './usePaymentPolling';
import { usePaymentWindow } from './usePaymentWindow';

/** The success step closes the dialog after 3 seconds (docs/rules.md#buy-credits). */
export const SUCCESS_CLOSE_DELAY_MS = 3000;

interface BuyCreditsDialogProps {
  open: boolean;
  onClose: () => void;
  teamId: string | undefined;
  teamName: string | undefined;
  currentBalance: number | undefined;
  /** The amount to start from (dollars, as typed): a failed payment's, when the user starts it again. */
  initialAmount?: string;
}

export function BuyCreditsDialog({
  open,
  onClose,
  teamId,
  teamName,
  currentBalance,
  initialAmount = '',
}: BuyCreditsDialogProps) {
  const appDispatch = useAppDispatch();
  const [state, send] = useReducer(buyCreditsReducer, initialBuyState);
  const [amount, setAmount] = useState(initialAmount);
  const [description, setDescription] = useState('');
  const [createPaymentLink] = useCreatePaymentLinkMutation();
  const waiting = open && state.step === 'waiting';
  const { open: openPaymentWindow, forget: forgetPaymentWindow } = usePaymentWindow();
  // The parent's onClose may change on every render; the success timer must not restart because of it.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  const close = useCallback(() => {
    send({ type: 'reset' });
    forgetPaymentWindow();
    setAmount('');
    setDescription('');
    onCloseRef.current();
  }, [forgetPaymentWindow]);

  const report = useCallback((event: BuyEvent) => send(event), []);
  const pollTarget = state.step === 'waiting' && waiting && teamId ? { teamId, orderId: state.orderId } : null;
  usePaymentPolling(pollTarget, state.step === 'waiting' ? state.attempt : 0, report);

  // A completed payment moves the balance and both histories; then the dialog closes itself.
  useEffect(() => {
    if (!open || state.step !== 'success') return undefined;
    appDispatch(api.util.invalidateTags(PAYMENT_COMPLETED_TAGS));
    // At completion and again on closing: the server may settle the rest (dashboard figures, activity) just after.
    const timer = setTimeout(() => {
      appDispatch(api.util.invalidateTags(DASHBOARD_REFRESH_TAGS));
      close();
    }, SUCCESS_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, state.step, appDispatch, close]);

  const submit = async () => {
    if (!teamId || !isValidTopUp(amount)) return;
    send({ type: 'submitted' });
    try {
      const link = await createPaymentLink({
        teamId,
        amount_cents: dollarsToCents(parseTopUpAmount(amount)),
        description: topUpDescription(description, teamName),
      }).unwrap();
      const popupBlocked = !openPaymentWindow(link.payment_url);
      send({ type: 'linkCreated', orderId: link.order_id, paymentUrl: link.payment_url, popupBlocked });
    } catch (error) {
      send({ type: 'linkFailed', message: errorMessage(error, '') });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="buy-credits-title" fullWidth maxWidth="sm">
      <DialogTitle id="buy-credits-title">Buy Credits</DialogTitle>
      <DialogContent>
        {state.step === 'amount' && (
          <TopUpAmountStep
            teamName={teamName}
            currentBalance={currentBalance}
            amount={amount}
            description={description}
            error={state.error}
            onAmountChange={setAmount}
            onDescriptionChange={setDescription}
          />
        )}
        {state.step === 'processing' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label="Creating payment link" />
            <Typography>Creating your payment link…</Typography>
          </Stack>
        )}
        {state.step === 'waiting' && (
          <PaymentWaitingStep status={state.status} paymentUrl={state.paymentUrl} popupBlocked={state.popupBlocked} />
        )}
        {state.step === 'success' && (
          <Alert severity="success">
            <AlertTitle>Payment successful!</AlertTitle>
            Credits have been added to your balance.
          </Alert>
        )}
        {state.step === 'failed' && (
          <Alert severity="error">
            <AlertTitle>{PAYMENT_FAILED_TITLE}</AlertTitle>
            {state.reason}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{state.step === 'success' ? 'Close' : 'Cancel'}</Button>
        {state.step === 'amount' && (
          <Button variant="contained" onClick={submit} disabled={!teamId || !isValidTopUp(amount)}>
            Proceed to Payment
          </Button>
        )}
        {state.step === 'failed' && (
          <Button variant="contained" onClick={() => send({ type: 'retried' })}>
            Try Again
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
