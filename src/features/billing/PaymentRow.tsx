import { useId } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import type { Payment } from '../../../contract/schemas/billing';
import { documentLabel } from './documents';
import { formatCents } from '../../../contract/money';
import { paymentLinkState, paymentStatusColor, paymentStatusLabel } from './payments';
import { formatDateTime } from '../../lib/time';

interface PaymentRowProps {
  payment: Payment;
  now: Date;
  /** Where a document of the payment downloads from, by its number. */
  documentUrl: (number: string) => string;
  onRefreshStatus: (payment: Payment) => void;
  onOpenPayment: (payment: Payment) => void;
  /** Starts a new payment of the same amount (Buy Credits, prefilled) after this one failed. */
  onCreateNew: (payment: Payment) => void;
}

function PendingLink({ payment, now }: { payment: Payment; now: Date }) {
  const state = paymentLinkState(payment, now);
  if (state === 'unavailable') return <Typography variant="body2">Payment link not available</Typography>;
  if (state === 'expired') {
    return (
      <Typography variant="body2" color="error">
        Payment link expired
      </Typography>
    );
  }
  return payment.expires_at ? (
    <Typography variant="body2">Expires: {formatDateTime(payment.expires_at)}</Typography>
  ) : null;
}

/**
 * A failed payment's 'Create New' is disabled, as the product spec has it (a failed checkout cannot be resumed); the
 * line beside it says why and offers the way on: Buy Credits with this payment's amount (issue 38: a disabled control
 * gave no reason and no way on).
 */
function FailedPaymentActions({ payment, onCreateNew }: Pick<PaymentRowProps, 'payment' | 'onCreateNew'>) {
  const reasonId = useId();
  return (
    <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button size="small" variant="outlined" disabled aria-describedby={reasonId}>
        Create New
      </Button>
      <Typography variant="body2" color="textSecondary" id={reasonId}>
        A failed payment cannot be retried.{' '}
        <Link component="button" type="button" variant="body2" onClick={() => onCreateNew(payment)}>
          Buy {formatCents(payment.amount.cents)} of credits
        </Link>{' '}
        instead.
      </Typography>
    </Stack>
  );
}

/** One payment: amount and status, its dates, and what can still be done with it. */
export function PaymentRow({
  payment,
  now,
  documentUrl,
  onRefreshStatus,
  onOpenPayment,
  onCreateNew,
}: PaymentRowProps) {
  const pending = payment.status === 'pending';
  return (
    <Box
      component="li"
      aria-label={`Order ${payment.order_id}`}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{formatCents(payment.amount.cents)}</Typography>
        <Chip size="small" label={paymentStatusLabel(payment.status)} color={paymentStatusColor(payment.status)} />
      </Stack>
      <Box sx={{ color: 'text.secondary', mt: 0.5 }}>
        <Typography variant="body2">Created: {formatDateTime(payment.created_at)}</Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Order: {payment.order_id}
        </Typography>
        {payment.completed_at && (
          <Typography variant="body2">Completed: {formatDateTime(payment.completed_at)}</Typography>
        )}
        {payment.refunded && payment.refunded.cents > 0 && (
          <Typography variant="body2">Refunded: {formatCents(payment.refunded.cents)}</Typography>
        )}
        {payment.failed_at && <Typography variant="body2">Failed: {formatDateTime(payment.failed_at)}</Typography>}
        {payment.failure_reason && <Typography variant="body2">Reason: {payment.failure_reason}</Typography>}
        {pending && <PendingLink payment={payment} now={now} />}
      </Box>
      {payment.documents && payment.documents.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {payment.documents.map((document) => (
            <Button
              key={document.number}
              size="small"
              href={documentUrl(document.number)}
              download={`${document.number}.pdf`}
              startIcon={<PictureAsPdfOutlined />}
              aria-label={`${documentLabel(document)} (PDF)`}
            >
              {documentLabel(document)}
            </Button>
          ))}
        </Stack>
      )}
      {pending && (
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={() => onRefreshStatus(payment)}>
            Refresh Status
          </Button>
          <Button
            size="small"
            variant="contained"
            onClick={() => onOpenPayment(payment)}
            disabled={paymentLinkState(payment, now) !== 'available'}
          >
            Open Payment
          </Button>
        </Stack>
      )}
      {payment.status === 'failed' && <FailedPaymentActions payment={payment} onCreateNew={onCreateNew} />}
    </Box>
  );
}
