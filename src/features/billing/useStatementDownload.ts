import { useCallback } from 'react';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';
import { monthRange } from './estimate';
import { buildStatementHtml } from './statement';

const POPUP_BLOCKED = 'Popup blocked. Please allow popups for this site and try again.';

/**
 * 'Download Invoice': a print-styled statement of the current month in a new window, then the print dialog.
 * The window opens at once (inside the click, so popup blockers allow it) and is filled when the data arrives.
 */
export function useStatementDownload(teamId: string | undefined, teamName: string | undefined) {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    if (!teamId) return;
    const statementWindow = window.open('', '_blank');
    if (!statementWindow) {
      dispatch(toastShown(POPUP_BLOCKED, 'error'));
      return;
    }
    statementWindow.document.write('<p style="font-family: sans-serif">Preparing your statement…</p>');
    const { from, to } = monthRange(new Date());
    const usageRequest = dispatch(api.endpoints.getUsageBreakdown.initiate({ teamId, from, to }));
    const paymentsRequest = dispatch(api.endpoints.getPaymentHistory.initiate(teamId));
    const creditsRequest = dispatch(api.endpoints.getCreditHistory.initiate({ teamId }));
    try {
      const [usage, payments, credits] = await Promise.all([
        usageRequest.unwrap(),
        paymentsRequest.unwrap(),
        creditsRequest.unwrap(),
      ]);
      const html = buildStatementHtml({
        teamName: teamName ?? 'Team',
        from,
        to,
        usage,
        payments: payments.payments,
        credits: credits.entries,
        generatedAt: new Date(),
      });
      statementWindow.document.open();
      statementWindow.document.write(html);
      statementWindow.document.close();
      statementWindow.focus();
      statementWindow.print();
    } catch (error) {
      console.error('Failed to build the statement', error);
      statementWindow.close();
      dispatch(toastShown('Failed to prepare the statement', 'error'));
    } finally {
      [usageRequest, paymentsRequest, creditsRequest].forEach((request) => request.unsubscribe());
    }
  }, [dispatch, teamId, teamName]);
}
