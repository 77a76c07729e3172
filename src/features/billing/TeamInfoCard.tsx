import { BillingCard } from './BillingCard';
import { FactList } from './FactList';

interface TeamInfoCardProps {
  name: string;
  memberCount: number;
  modelsUsed: number;
}

export function TeamInfoCard({ name, memberCount, modelsUsed }: TeamInfoCardProps) {
  const rows: [string, string | number][] = [
    ['Team Name', name],
    ['Team Members', memberCount],
    ['Models Used', modelsUsed],
  ];
  return (
    <BillingCard titleId="team-info-title" title="Team Information">
      <FactList rows={rows} valueSx={{ fontWeight: 600, textAlign: 'right' }} />
    </BillingCard>
  );
}
