import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRedeemCouponMutation, useValidateCouponMutation } from '../../store/api';
import type { CouponValidation } from '../../../contract/schemas/coupons';
import { errorMessage } from '../../lib/apiError';
import { couponCodeError, couponInput, REDEEM_FAILED_MESSAGE, VALIDATE_FAILED_MESSAGE } from '../coupons/coupons';
import { formatMoney } from '../../../contract/money';

export const NO_TEAM_TITLE = 'No Team Found';
export const NO_TEAM_MESSAGE = 'You need to be part of a team to redeem coupons. Please create or join a team first.';

interface RedeemCouponDialogProps {
  open: boolean;
  onClose: () => void;
  teamId: string | undefined;
  teamName: string | undefined;
  /** The user belongs to no team (the team fetch said so): the dialog explains instead of asking for a code. */
  noTeam?: boolean;
  /**
   * Billing (on success it reloads and closes): called with the amount after a redemption, and the dialog
   * closes instead of showing its success step, which the dashboard's dialog keeps.
   */
  onRedeemed?: (amount: number) => void;
}

type Step =
  { step: 'input' } | { step: 'validated'; validation: CouponValidation } | { step: 'success'; amount: number };

/** input -> validated -> success (docs/rules.md#coupons); 'Different Code' returns to input. */
export function RedeemCouponDialog({
  open,
  onClose,
  teamId,
  teamName,
  noTeam = false,
  onRedeemed,
}: RedeemCouponDialogProps) {
  const [step, setStep] = useState<Step>({ step: 'input' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [validateCoupon, validation] = useValidateCouponMutation();
  const [redeemCoupon, redemption] = useRedeemCouponMutation();

  const close = () => {
    setStep({ step: 'input' });
    setCode('');
    setError(null);
    onClose();
  };

  const validate = async (event: FormEvent) => {
    event.preventDefault();
    const problem = couponCodeError(code, teamId);
    setError(problem);
    if (problem || !teamId) return;
    try {
      const reply = await validateCoupon({ teamId, code }).unwrap();
      setStep({ step: 'validated', validation: reply });
    } catch (failure) {
      setError(errorMessage(failure, VALIDATE_FAILED_MESSAGE));
    }
  };

  const redeem = async () => {
    if (step.step !== 'validated' || !teamId) return;
    setError(null);
    try {
      const reply = await redeemCoupon({ teamId, code: step.validation.coupon.code }).unwrap();
      const amount = reply.amount ?? step.validation.amount;
      if (onRedeemed) {
        close();
        onRedeemed(amount);
        return;
      }
      setStep({ step: 'success', amount });
    } catch (failure) {
      setError(errorMessage(failure, REDEEM_FAILED_MESSAGE));
    }
  };

  const differentCode = () => {
    setStep({ step: 'input' });
    setError(null);
  };

  if (noTeam) {
    return (
      <Dialog open={open} onClose={close} aria-labelledby="redeem-title" fullWidth maxWidth="xs">
        <DialogTitle id="redeem-title">{NO_TEAM_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>{NO_TEAM_MESSAGE}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="redeem-title" fullWidth maxWidth="xs">
      <DialogTitle id="redeem-title">Redeem Coupon</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {teamName && <Typography color="textSecondary">Credits go to {teamName}.</Typography>}
          {error && <Alert severity="error">{error}</Alert>}
          {step.step === 'input' && (
            <form id="redeem-coupon-form" onSubmit={validate} noValidate>
              <TextField
                label="Coupon Code"
                value={code}
                onChange={(event) => setCode(couponInput(event.target.value))}
                autoFocus
                fullWidth
              />
            </form>
          )}
          {step.step === 'validated' && (
            <Alert severity="info">
              <AlertTitle>Coupon {step.validation.coupon.code} is valid</AlertTitle>
              It adds {formatMoney(step.validation.amount)} to your team&apos;s credits.
            </Alert>
          )}
          {step.step === 'success' && (
            <Alert severity="success">
              <AlertTitle>Coupon redeemed!</AlertTitle>
              {formatMoney(step.amount)} has been added to your credit balance.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{step.step === 'success' ? 'Close' : 'Cancel'}</Button>
        {step.step === 'input' && (
          <Button type="submit" form="redeem-coupon-form" variant="contained" disabled={validation.isLoading}>
            Validate
          </Button>
        )}
        {step.step === 'validated' && (
          <>
            <Button onClick={differentCode}>Different Code</Button>
            <Button variant="contained" onClick={redeem} disabled={redemption.isLoading}>
              Redeem
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
