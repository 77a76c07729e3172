import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { SectionCard } from '../../components/SectionCard';
import { apiBaseUrl } from '../../config';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import {
  useCreateTeamToolServerMutation,
  useDeleteTeamToolServerMutation,
  useGetTeamKeyToolsQuery,
  useGetTeamToolsQuery,
  useSetTeamToolsCaptureMutation,
  useSetTeamToolsDefaultMutation,
  useUpdateTeamToolServerMutation,
} from '../../store/endpoints/tools';
import { useAppDispatch } from '../../store/hooks';
import type { McpDefaultAccess, McpServerView } from '../../../contract/schemas/mcp';
import KeyToolsDialog from './KeyToolsDialog';
import ServerDialog from './ServerDialog';
import { ServerTools } from './ServerTools';
import { AUTH_LABELS, TRANSPORT_LABELS, accessSummary, callPriceText, claudeMcpCommand } from './tools';

const INTRO =
  "The tools of MCP servers, for your team's agents through the gateway with their API key: the operator's servers " +
  "and your team's own. Each tool is named <server>__<tool>; each call is billed at its price and is in the request log.";

/** How old the keys' access may be when the section is shown again before it is asked for anew. */
const KEYS_FRESH_SECONDS = 30;

const CAPTURE_HELP =
  "Off: the log has each call's tool, time, status and cost. On: also its arguments and result, with your team's " +
  'guardrails applied (a rule that blocks redacts there), shown in the request details.';

/** One server: what it is, its price, its tools on demand; the owner edits and removes the team's own. */
function ServerCard({
  server,
  canEdit,
  onEdit,
  onRemove,
}: {
  server: McpServerView;
  canEdit: boolean;
  onEdit(): void;
  onRemove(): void;
}) {
  const [showTools, setShowTools] = useState(false);
  const priced = Object.keys(server.tool_prices).length > 0;
  return (
    <Box
      component="li"
      aria-labelledby={`mcp-server-${server.id}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography id={`mcp-server-${server.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {server.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={server.scope === 'operator' ? 'Operator' : 'Team'} />
          <Chip
            size="small"
            variant="outlined"
            label={callPriceText(server.price_cents) + (priced ? ' (some tools differ)' : '')}
          />
        </Stack>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {server.transport === 'builtin'
          ? TRANSPORT_LABELS.builtin
          : `${server.url} · ${TRANSPORT_LABELS[server.transport]}`}
        {server.auth !== 'none' &&
          ` · ${AUTH_LABELS[server.auth]}${server.secret_hint ? ` ${server.secret_hint}` : ''}`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" aria-expanded={showTools} onClick={() => setShowTools(!showTools)}>
          {showTools ? 'Hide Tools' : 'Show Tools'}
        </Button>
        {canEdit && (
          <>
            <Button size="small" onClick={onEdit}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={onRemove}>
              Remove
            </Button>
          </>
        )}
      </Stack>
      {showTools && (
        <Box sx={{ mt: 1 }}>
          <ServerTools serverId={server.id} />
        </Box>
      )}
    </Box>
  );
}

/** A key and what it may call, with the owner's button to change it. */
function KeyAccessRow({
  apiKey,
  summary,
  isOwner,
  onEdit,
}: {
  apiKey: { id: string; name: string };
  summary: string;
  isOwner: boolean;
  onEdit(): void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }}>
        {apiKey.name}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
        {summary}
      </Typography>
      {isOwner && (
        <Button size="small" onClick={onEdit} aria-label={`Edit tool access of ${apiKey.name}`}>
          Edit Tool Access
        </Button>
      )}
    </Box>
  );
}

/**
 * Team Settings → Tools (docs/mcp.md): how an agent connects, the servers the team is offered and their tools, what a
 * key may call by default and each key's own access. Every member reads it; the owner changes it.
 */
export function ToolsSection({ isOwner }: { isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const settings = useGetTeamToolsQuery();
  // Fresh at a visit after half a minute: a key created or revoked on API Keys changes the list. Not at once: the
  // page's own answer (src/store/pageData.ts) is the fresh one on the first visit.
  const keys = useGetTeamKeyToolsQuery(undefined, { refetchOnMountOrArgChange: KEYS_FRESH_SECONDS });
  const [setDefault, { isLoading: settingDefault }] = useSetTeamToolsDefaultMutation();
  const [setCapture, { isLoading: settingCapture }] = useSetTeamToolsCaptureMutation();
  const [create] = useCreateTeamToolServerMutation();
  const [update] = useUpdateTeamToolServerMutation();
  const [remove] = useDeleteTeamToolServerMutation();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<McpServerView | 'new' | null>(null);
  const [keyEditing, setKeyEditing] = useState<{ id: string; name: string } | null>(null);

  const changeDefault = async (value: McpDefaultAccess) => {
    try {
      await setDefault(value).unwrap();
      dispatch(toastShown('Tool access saved', 'success'));
    } catch (error) {
      dispatch(toastShown(errorMessage(error, 'Failed to save the tool access'), 'error'));
    }
  };
  const changeCapture = async (value: boolean) => {
    try {
      await setCapture(value).unwrap();
      dispatch(toastShown(value ? 'Tool call content is kept' : 'Tool call content is no longer kept', 'success'));
    } catch (error) {
      dispatch(toastShown(errorMessage(error, 'Failed to save the content capture'), 'error'));
    }
  };
  const removeServer = async (server: McpServerView) => {
    const sure = await confirm({
      title: `Remove ${server.name}?`,
      message: `Its tools leave every key's list, and the keys listed for it lose it. Its credential is deleted.`,
      confirmLabel: 'Remove',
    });
    if (!sure) return;
    try {
      await remove(server.id).unwrap();
      dispatch(toastShown(`${server.name} removed`, 'success'));
    } catch (error) {
      dispatch(toastShown(errorMessage(error, 'Failed to remove the server'), 'error'));
    }
  };

  const content = () => {
    if (settings.isLoading) return <PageLoader label="Loading tools" />;
    if (!settings.data) {
      return (
        <ErrorState
          message={errorMessage(settings.error, 'Failed to load the tools')}
          onRetry={() => void settings.refetch()}
        />
      );
    }
    const { servers, default_access: teamDefault } = settings.data;
    // An older server does not say: it keeps nothing.
    const capturing = settings.data.capture_content === true;
    const teamKeys = keys.data?.keys ?? [];
    return (
      <Stack spacing={3}>
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {INTRO}
          </Typography>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Connect Claude Code (or any MCP client, at <code>{`${apiBaseUrl()}/mcp`}</code>):
          </Typography>
          <Box
            component="pre"
            aria-label="Claude Code command"
            sx={{
              fontFamily: 'monospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: 'action.hover',
              p: 1.5,
              borderRadius: 1,
              m: 0,
            }}
          >
            {claudeMcpCommand(apiBaseUrl())}
          </Box>
        </Box>

        <Box>
          <Typography id="tools-default-label" variant="subtitle2" component="h3">
            What a key may call unless its own access is set
          </Typography>
          {isOwner ? (
            <RadioGroup
              aria-labelledby="tools-default-label"
              value={teamDefault}
              onChange={(_event, value) => void changeDefault(value as McpDefaultAccess)}
            >
              <FormControlLabel value="none" control={<Radio />} label="No tools" disabled={settingDefault} />
              <FormControlLabel
                value="all"
                control={<Radio />}
                label="Every tool of every server below"
                disabled={settingDefault}
              />
            </RadioGroup>
          ) : (
            <Typography variant="body2">
              {teamDefault === 'all' ? 'Every tool of every server below' : 'No tools'}
            </Typography>
          )}
        </Box>

        <Box>
          <Typography id="tools-capture-label" variant="subtitle2" component="h3">
            Content in the request log
          </Typography>
          <Typography id="tools-capture-help" variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
            {CAPTURE_HELP}
          </Typography>
          {isOwner ? (
            <FormControlLabel
              control={
                <Switch
                  checked={capturing}
                  disabled={settingCapture}
                  onChange={(_event, checked) => void changeCapture(checked)}
                  slotProps={{ input: { 'aria-describedby': 'tools-capture-help' } }}
                />
              }
              label="Keep each tool call's arguments and result"
            />
          ) : (
            <Typography variant="body2">
              {capturing ? "Each tool call's arguments and result are kept" : 'Only what each call cost is kept'}
            </Typography>
          )}
        </Box>

        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography id="tools-servers-label" variant="subtitle2" component="h3">
              MCP servers
            </Typography>
            {isOwner && (
              <Button variant="outlined" size="small" onClick={() => setEditing('new')}>
                Add MCP Server
              </Button>
            )}
          </Stack>
          {servers.length === 0 ? (
            <Typography variant="body2">
              No MCP server yet.{isOwner ? ' Add your team’s, or ask the operator for theirs.' : ''}
            </Typography>
          ) : (
            <Stack
              component="ul"
              aria-labelledby="tools-servers-label"
              spacing={1.5}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {servers.map((server) => (
                <ServerCard
                  key={server.id}
                  server={server}
                  canEdit={isOwner && server.scope === 'team'}
                  onEdit={() => setEditing(server)}
                  onRemove={() => void removeServer(server)}
                />
              ))}
            </Stack>
          )}
        </Box>

        <Box>
          <Typography id="tools-keys-label" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            What each key may call
          </Typography>
          {keys.error ? (
            <ErrorState
              message={errorMessage(keys.error, 'Failed to load what each key may call')}
              onRetry={() => void keys.refetch()}
            />
          ) : teamKeys.length === 0 ? (
            <Typography variant="body2">{keys.isLoading ? 'Loading keys…' : 'No API key yet.'}</Typography>
          ) : (
            <Box component="ul" aria-labelledby="tools-keys-label" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {teamKeys.map((key) => (
                <KeyAccessRow
                  key={key.api_key_id}
                  apiKey={{ id: key.api_key_id, name: key.name }}
                  summary={accessSummary(key, teamDefault, servers)}
                  isOwner={isOwner}
                  onEdit={() => setKeyEditing({ id: key.api_key_id, name: key.name })}
                />
              ))}
            </Box>
          )}
        </Box>

        {editing !== null && (
          <ServerDialog
            server={editing === 'new' ? undefined : editing}
            what="MCP Server"
            onCreate={(input) => create(input).unwrap()}
            onUpdate={(id, patch) => update({ id, patch }).unwrap()}
            onClose={() => setEditing(null)}
          />
        )}
        {keyEditing && (
          <KeyToolsDialog
            apiKey={keyEditing}
            servers={servers}
            teamDefault={teamDefault}
            onClose={() => setKeyEditing(null)}
          />
        )}
        {dialog}
      </Stack>
    );
  };

  return (
    <SectionCard titleId="tools-title" title="Tools" titleVariant="h3" titleSx={{ mb: 2 }} sx={{ mt: 3, mb: 3 }}>
      {content()}
    </SectionCard>
  );
}
