import type { ReactNode } from 'react';
import { SectionCard } from '../../components/SectionCard';

/** One of the billing page's summary cards: a small heading, as tall as the others in its row. */
export function BillingCard({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <SectionCard titleId={titleId} title={title} titleVariant="h3" titleSx={{ mb: 2 }} sx={{ height: '100%' }}>
      {children}
    </SectionCard>
  );
}
