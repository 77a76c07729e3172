import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../components/lists/DetailList';
import { DetailsDrawer } from '../../components/DetailsDrawer';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { formatDateTimeSeconds } from '../../lib/time';
import type { AuditEntry } from '../../../contract/schemas/audit';
import { AuditDiff } from './AuditDiff';
import { ACTION_LABELS, actorText, targetText } from './auditLog';

export const CHANGE_TITLE = 'Change details';

interface AuditDetailsDrawerProps {
  entry: AuditEntry | undefined;
  loading: boolean;
  failure: string | null;
  everyTeam: boolean;
  onRetry: () => void;
  /** Filters the log to every change of this entry's target. */
  onShowTarget: (entry: AuditEntry) => void;
  onClose: () => void;
}

/**
 * One change: who, when, from where, what, and its record before and after as a diff. A modal drawer on the right
 * (the whole screen on a phone); focus goes back to the row that opened it. Loaded when first opened.
 */
export function AuditDetailsDrawer({
  entry,
  loading,
  failure,
  everyTeam,
  onRetry,
  onShowTarget,
  onClose,
}: AuditDetailsDrawerProps) {
  return (
    <DetailsDrawer titleId="audit-details-title" title={CHANGE_TITLE} width={560} onClose={onClose}>
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 3 }}>
        {entry ? (
          <>
            <DetailList
              items={[
                ['Action', ACTION_LABELS[entry.action]],
                ['Time', formatDateTimeSeconds(entry.created_at)],
                ['Actor', actorText(entry)],
                ['Target', targetText(entry)],
                ...(everyTeam ? [['Team', entry.team_name ?? 'Site-wide'] as [string, string]] : []),
                ['From', entry.ip ?? '-'],
                ['User agent', entry.user_agent ?? '-'],
              ]}
            />
            <Box component="section" aria-labelledby="audit-diff-title">
              <Typography id="audit-diff-title" variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
                Before and after
              </Typography>
              <AuditDiff before={entry.before} after={entry.after} labelledBy="audit-diff-title" />
            </Box>
            {entry.target_id && (
              <Box>
                <Button variant="outlined" onClick={() => onShowTarget(entry)}>
                  Every change to this {targetText({ ...entry, target_label: null }).toLowerCase()}
                </Button>
              </Box>
            )}
          </>
        ) : loading ? (
          <PageLoader label="Loading the change" />
        ) : (
          <ErrorState message={failure ?? 'This change could not be loaded'} onRetry={onRetry} />
        )}
      </Box>
    </DetailsDrawer>
  );
}
