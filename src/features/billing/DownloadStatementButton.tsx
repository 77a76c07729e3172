import Button from '@mui/material/Button';
import { statementPdfPath } from '../../../contract/apiPaths';
import { apiUrl } from '../../config';
import { DownloadInvoiceIcon } from './BillingActionIcons';
import { statementMonth } from './documents';

/**
 * 'Download Invoice' on Billing: the current month's statement as a PDF from the server (opening balance, top-ups,
 * coupons, refunds, usage by model, closing balance). A payment's own invoice and credit notes are in Payment History.
 */
export function DownloadStatementButton({ teamId }: { teamId: string | undefined }) {
  const icon = <DownloadInvoiceIcon />;
  if (!teamId) {
    return (
      <Button variant="outlined" startIcon={icon} disabled>
        Download Invoice
      </Button>
    );
  }
  const month = statementMonth(new Date());
  return (
    <Button
      variant="outlined"
      startIcon={icon}
      href={apiUrl(statementPdfPath(teamId, month))}
      download={`statement-${month}.pdf`}
    >
      Download Invoice
    </Button>
  );
}
