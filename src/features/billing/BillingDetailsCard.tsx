import Typography from '@mui/material/Typography';
import type { BillingDetails } from '../../../contract/schemas/billingDetails';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { SectionCard } from '../../components/SectionCard';
import { errorMessage } from '../../lib/apiError';
import { useGetBillingDetailsQuery } from '../../store/api';
import { BillingDetailsForm } from './BillingDetailsForm';
import { FactList } from './FactList';

interface BillingDetailsCardProps {
  teamId: string;
  teamName: string;
  /** The owner edits them; every other member reads them. */
  isOwner: boolean;
}

function BillingDetailsView({ details, teamName }: { details: BillingDetails; teamName: string }) {
  if (details.updated_at === null) {
    return (
      <Typography variant="body2">
        No billing details yet: invoices name the team as {teamName}. The team owner can add a legal name, an address
        and a tax ID here.
      </Typography>
    );
  }
  const rows: [string, string][] = [
    ['Legal name', details.legal_name],
    ['Address', details.address],
    ['Tax ID', details.tax_id || 'None'],
  ];
  return <FactList rows={rows} valueSx={{ whiteSpace: 'pre-line' }} />;
}

/** What the team's invoices, credit notes and statements name as the buyer. */
export function BillingDetailsCard({ teamId, teamName, isOwner }: BillingDetailsCardProps) {
  const details = useGetBillingDetailsQuery(teamId);
  return (
    <SectionCard titleId="billing-details-title" title="Billing Details" titleVariant="h3" titleSx={{ mb: 1 }}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        The buyer on your invoices, credit notes and monthly statements.
      </Typography>
      {details.isError ? (
        <ErrorState
          message={errorMessage(details.error, 'Failed to load billing details')}
          onRetry={() => details.refetch()}
        />
      ) : !details.data ? (
        <PageLoader label="Loading billing details" />
      ) : isOwner ? (
        <BillingDetailsForm key={details.data.updated_at ?? 'new'} teamId={teamId} details={details.data} />
      ) : (
        <BillingDetailsView details={details.data} teamName={teamName} />
      )}
    </SectionCard>
  );
}
