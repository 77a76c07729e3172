import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { DetailList } from '../../components/lists/DetailList';
import { DetailsDrawer } from '../../components/DetailsDrawer';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { formatCents } from '../../../contract/money';
import { TOOL_CALL_ENDPOINT } from '../../../contract/rules/requestLog';
import type { RequestLogEntry } from '../../../contract/schemas/requestLog';
import { formatCount } from '../../lib/numbers';
import { describeUnits } from '../../../contract/mediaUnits';
import { endpointLabel } from '../models/models';
import { formatDateTimeSeconds } from '../../lib/time';
import { durationText, guardrailsText, isCached, keyName, keyPrefixText, memberName, modelText } from './requestLog';
import { RequestStatusChip } from './RequestStatusChip';
import { ToolCallContentView } from './ToolCallContentView';

export const DETAILS_TITLE = 'Request details';

interface RequestDetailsDrawerProps {
  entry: RequestLogEntry | undefined;
  loading: boolean;
  /** Why the entry could not be shown (not found, failed to load). */
  failure: string | null;
  onRetry: () => void;
  onCopy: (label: string, value: string) => void;
  onClose: () => void;
}

/**
 * Every field of one request, in a drawer on the right (the whole screen on a phone). A modal drawer: focus moves
 * into it and, on close (Escape, the close button, a click outside), back to the row that opened it. Loaded when
 * first opened (RequestsPage).
 */
export function RequestDetailsDrawer({ entry, loading, failure, onRetry, onCopy, onClose }: RequestDetailsDrawerProps) {
  const copyable = (label: string, value: string | null): ReactNode =>
    value === null ? (
      '-'
    ) : (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
        <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
          {value}
        </Box>
        <IconButton size="small" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => onCopy(label, value)}>
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Box>
    );

  const details = (row: RequestLogEntry): [string, ReactNode][] => [
    ['Time', formatDateTimeSeconds(row.created_at)],
    ['Status', <RequestStatusChip key="status" status={row.status} cached={isCached(row)} />],
    ...(row.status === 'error'
      ? ([
          ['Error code', row.error_code ?? '-'],
          ['Error message', row.error_message ?? '-'],
        ] as [string, ReactNode][])
      : []),
    // The id the caller got in x-request-id (older rows have none), and the log's own number for the row.
    ['Request ID', copyable('Request ID', row.request_id ?? null)],
    // A cache hit: the request whose answer it was served, and what that answer had cost (docs/gateway.md#caching).
    ...(isCached(row)
      ? ([
          ['Answered from', copyable('Cached request ID', row.cached_from ?? null)],
          ['Saved by the cache', formatCents(row.cache_saved_cents ?? 0)],
        ] as [string, ReactNode][])
      : []),
    // A batch's line (docs/batches.md): the batch, whose id the Batch API answers to; an older server sends nothing.
    ...(row.batch_id ? ([['Batch', copyable('Batch ID', row.batch_id)]] as [string, ReactNode][]) : []),
    // What the guardrails did, by rule and count (docs/guardrails.md); an older server sends nothing.
    ...(row.guardrails ? ([['Guardrails', guardrailsText(row.guardrails)]] as [string, ReactNode][]) : []),
    ['Log entry', copyable('Log entry', row.id)],
    ['Endpoint', row.endpoint ? endpointLabel(row.endpoint) : '-'],
    ['Key', [keyName(row), keyPrefixText(row)].filter(Boolean).join(' · ')],
    ['Key ID', copyable('Key ID', row.api_key_id)],
    ['Member', [memberName(row), row.user_name ? row.user_email : null].filter(Boolean).join(' · ')],
    ['Member ID', copyable('Member ID', row.user_id)],
    ['Model', modelText(row)],
    ['Route', row.route_name ?? '-'],
    ['Deployment ID', copyable('Deployment ID', row.deployment_id)],
    // A media request (docs/media.md): what it was billed by, instead of tokens; an older server sends nothing.
    ...(row.unit && row.units !== null && row.units !== undefined
      ? ([['Billed units', describeUnits(row.unit, row.units)]] as [string, ReactNode][])
      : []),
    ['Prompt tokens', formatCount(row.prompt_tokens)],
    ['Completion tokens', formatCount(row.completion_tokens)],
    ['Cached tokens', formatCount(row.cached_tokens)],
    ['Cost', formatCents(row.cost_cents)],
    ['Latency', durationText(row.latency_ms)],
    ['Time to first token', durationText(row.ttft_ms)],
  ];

  return (
    <DetailsDrawer titleId="request-details-title" title={DETAILS_TITLE} width={460} onClose={onClose}>
      <Box sx={{ p: 3 }}>
        {entry ? (
          <>
            <DetailList items={details(entry)} />
            {/* A tool call through the MCP gateway: what the team kept of it (docs/mcp.md#content-capture). */}
            {entry.endpoint === TOOL_CALL_ENDPOINT && (
              <Box sx={{ mt: 3 }}>
                <ToolCallContentView entryId={entry.id} />
              </Box>
            )}
          </>
        ) : loading ? (
          <PageLoader label="Loading the request" />
        ) : (
          <ErrorState message={failure ?? 'This request could not be loaded'} onRetry={onRetry} />
        )}
      </Box>
    </DetailsDrawer>
  );
}
