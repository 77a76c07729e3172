import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useCheckPaymentMutation, useGetCreditBalanceQuery, useGetPaymentHistoryQuery } from '../../store/api';
import type { Payment } from '../../../contract/schemas/billing';
import { errorMessage } from '../../lib/apiError';
import {
  LIST_POPUP_BLOCKED_ALERT,
  openPaymentProblem,
  PAYMENT_HISTORY_SHOWN,
  PAYMENT_WINDOW_FEATURES,
  PAYMENT_WINDOW_NAME,
  refreshStatusText,
} from './payments';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { PaymentRow } from './PaymentRow';
import { apiUrl } from '../../config';
import { documentPdfPath } from '../../../contract/apiPaths';
import { WidgetBoundary } from '../../components/WidgetBoundary';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';
import { MountWhenOpened } from '../../components/MountWhenOpened';
import { centsToDollars } from '../../../contract/money';
import { BuyCreditsDialog } from './lazyDialogs';

/**
 * The team's payments, newest first: the first 10, with re-check and re-open for pending ones, and the invoice and
 * credit notes of the paid ones to download.
 */
export function PaymentHistory({ teamId, teamName }: { teamId: string | undefined; teamName?: string }) {
  const history = useGetPaymentHistoryQuery(teamId ?? '', { skip: !teamId });
  const balance = useGetCreditBalanceQuery(teamId ?? '', { skip: !teamId });
  const [retrying, setRetrying] = useState<Payment | null>(null);
  const dispatch = useAppDispatch();
  const [checkPayment] = useCheckPaymentMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const payments = history.data?.payments ?? [];
  const count = history.data?.count ?? payments.length;
  const shown = payments.slice(0, PAYMENT_HISTORY_SHOWN);

  // A failed manual re-check is only logged (docs/rules.md#failed-loads); the list reloads through the check's tags.
  // What the check found is said in a toast: a click that changes nothing on screen must still answer.
  const refreshStatus = async (payment: Payment) => {
    if (!teamId) return;
    try {
      const checked = await checkPayment({ teamId, orderId: payment.order_id }).unwrap();
      dispatch(toastShown(refreshStatusText(payment.order_id, checked.status), 'info'));
    } catch (error) {
      console.error('Failed to refresh payment status', error);
    }
  };

  const openPayment = (payment: Payment) => {
    const problem = openPaymentProblem(payment, new Date());
    if (problem || !payment.payment_url) {
      setAlert(problem);
      return;
    }
    const opened = window.open(payment.payment_url, PAYMENT_WINDOW_NAME, PAYMENT_WINDOW_FEATURES);
    setAlert(opened ? null : LIST_POPUP_BLOCKED_ALERT);
  };

  return (
    <Card component="section" aria-labelledby="payment-history-title">
      <CardHeader
        title="Payment History"
        slotProps={{ title: { id: 'payment-history-title', variant: 'h3', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <WidgetBoundary name="Payment history">
          {alert && (
            <Alert severity="warning" onClose={() => setAlert(null)} sx={{ mb: 2 }}>
              {alert}
            </Alert>
          )}
          {history.isError ? (
            <ErrorState
              message={errorMessage(history.error, 'Failed to fetch payment history')}
              onRetry={() => history.refetch()}
              retryLabel="Try Again"
            />
          ) : history.isLoading ? (
            <PageLoader label="Loading payment history" />
          ) : shown.length === 0 ? (
            <EmptyState title="No payment history" description="Your payment transactions will appear here" />
          ) : (
            <>
              <Box component="ul" aria-label="Payments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {shown.map((payment) => (
                  <PaymentRow
                    key={payment.order_id}
                    payment={payment}
                    now={new Date()}
                    documentUrl={(number) => apiUrl(documentPdfPath(teamId ?? '', number))}
                    onRefreshStatus={refreshStatus}
                    onOpenPayment={openPayment}
                    onCreateNew={setRetrying}
                  />
                ))}
              </Box>
              {count > shown.length && (
                <Typography variant="body2" color="textSecondary" sx={{ mt: 2, textAlign: 'center' }}>
                  Showing {shown.length} of {count} payments
                </Typography>
              )}
            </>
          )}
        </WidgetBoundary>
      </CardContent>
      <MountWhenOpened open={retrying !== null}>
        <BuyCreditsDialog
          key={retrying?.order_id}
          open={retrying !== null}
          onClose={() => setRetrying(null)}
          teamId={teamId}
          teamName={teamName}
          currentBalance={balance.data?.current_balance}
          initialAmount={retrying ? centsToDollars(retrying.amount.cents).toFixed(2) : ''}
        />
      </MountWhenOpened>
    </Card>
  );
}
