import { useCallback } from 'react';
import Button from '@mui/material/Button';
import { CardButtons, CardFacts, CardHeading, CardList, CardTitle, type CardPages } from '../../components/CardList';
import { formatDateTimeSeconds } from '../../lib/time';
import type { AuditEntry } from '../../../contract/schemas/audit';
import {
  ACTION_LABELS,
  actorText,
  AUDIT_LOG_LABEL,
  LOADING_ENTRIES,
  NO_ENTRIES,
  targetText,
  VIEW_CHANGE,
} from './auditLog';

interface AuditLogCardsProps {
  rows: AuditEntry[];
  loading: boolean;
  pages: CardPages;
  everyTeam: boolean;
  onOpen: (entry: AuditEntry) => void;
}

/** The audit log on a phone: one card per change, a server page at a time; the grid never downloads. */
export function AuditLogCards({ rows, loading, pages, everyTeam, onOpen }: AuditLogCardsProps) {
  // One renderer while its inputs stay: CardList then leaves the cards alone when nothing else changed.
  const renderCard = useCallback(
    (entry: AuditEntry) => (
      <>
        <CardTitle>
          <CardHeading>{ACTION_LABELS[entry.action]}</CardHeading>
        </CardTitle>
        <CardFacts
          facts={[
            ['Time', formatDateTimeSeconds(entry.created_at)],
            ['Actor', actorText(entry)],
            ['Target', targetText(entry)],
            ...(everyTeam ? [['Team', entry.team_name ?? 'Site-wide'] as [string, string]] : []),
          ]}
        />
        <CardButtons>
          <Button size="small" onClick={() => onOpen(entry)}>
            {VIEW_CHANGE}
          </Button>
        </CardButtons>
      </>
    ),
    [everyTeam, onOpen],
  );
  return (
    <CardList
      items={rows}
      itemKey={(entry) => entry.id}
      renderCard={renderCard}
      label={AUDIT_LOG_LABEL}
      loadingLabel={LOADING_ENTRIES}
      loading={loading}
      noRowsLabel={NO_ENTRIES}
      pages={pages}
      cardHeight={180}
    />
  );
}
