import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/ErrorState';
import { formatCount } from '../../lib/numbers';
import { errorMessage } from '../../lib/apiError';
import { useGetRequestLogEntryQuery } from '../../store/api';
import { TOOL_CONTENT_MAX_CHARS } from '../../../contract/rules/requestLog';
import type { ToolCallContent } from '../../../contract/schemas/requestLog';

export const NOT_KEPT =
  "Not kept: a tool call's arguments and result are kept only while the team's owner has content capture on, in " +
  'Team Settings → Tools.';

const SIDES = [
  ['arguments', 'Arguments'],
  ['result', 'Result'],
] as const;

/** A side as it reads: its JSON, indented; a side cut at the limit is its JSON text as kept. */
const sideText = (value: unknown, cut: boolean) =>
  cut && typeof value === 'string' ? `${value}…` : (JSON.stringify(value ?? null, null, 2) ?? 'null');

/**
 * What the team kept of a tool call (docs/mcp.md#content-capture): its arguments and result, after the guardrails.
 * Asked for by the row's id (a page of the log never carries content); a server older than migration 27 sends no
 * `tool_content`, read as nothing kept.
 */
export function ToolCallContentView({ entryId }: { entryId: string }) {
  const detail = useGetRequestLogEntryQuery(entryId);
  if (detail.isLoading) {
    return (
      <Typography variant="body2" color="textSecondary" role="status">
        Loading the call’s content…
      </Typography>
    );
  }
  if (detail.error || !detail.data) {
    return (
      <ErrorState
        message={errorMessage(detail.error, 'The call’s content could not be loaded')}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const content: ToolCallContent | null | undefined = detail.data.tool_content;
  if (!content) {
    return (
      <Typography variant="body2" color="textSecondary">
        {NOT_KEPT}
      </Typography>
    );
  }
  return (
    <>
      {SIDES.map(([side, label]) => {
        const cut = content.truncated?.includes(side) ?? false;
        return (
          <Box key={side} component="section" aria-labelledby={`tool-content-${side}`} sx={{ mb: 2 }}>
            <Typography id={`tool-content-${side}`} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {label}
            </Typography>
            <Box
              component="pre"
              tabIndex={0}
              sx={{
                fontFamily: 'monospace',
                fontSize: 13,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                maxHeight: 320,
                overflow: 'auto',
                bgcolor: 'action.hover',
                p: 1.5,
                borderRadius: 1,
                m: 0,
              }}
            >
              {sideText(content[side], cut)}
            </Box>
            {cut && (
              <Typography variant="caption" color="textSecondary">
                Cut at {formatCount(TOOL_CONTENT_MAX_CHARS)} characters.
              </Typography>
            )}
          </Box>
        );
      })}
    </>
  );
}
