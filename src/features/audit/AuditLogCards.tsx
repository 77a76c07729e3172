import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CardFacts, CardList, CardTitle, type CardPages } from '../../components/CardList';
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
  return (
    <CardList
      items={rows}
      itemKey={(entry) => entry.id}
      renderCard={(entry) => (
        <>
          <CardTitle>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {ACTION_LABELS[entry.action]}
            </Typography>
          </CardTitle>
          <CardFacts
            facts={[
              ['Time', formatDateTimeSeconds(entry.created_at)],
              ['Actor', actorText(entry)],
              ['Target', targetText(entry)],
              ...(everyTeam ? [['Team', entry.team_name ?? 'Site-wide'] as [string, string]] : []),
            ]}
          />
          <Box sx={{ mx: -1, mb: -1 }}>
            <Button size="small" onClick={() => onOpen(entry)}>
              {VIEW_CHANGE}
            </Button>
          </Box>
        </>
      )}
      label={AUDIT_LOG_LABEL}
      loadingLabel={LOADING_ENTRIES}
      loading={loading}
      noRowsLabel={NO_ENTRIES}
      pages={pages}
      cardHeight={180}
    />
  );
}
