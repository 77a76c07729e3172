import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import { useGetKeyToolsQuery, useGetToolServerToolsQuery, useSaveKeyToolsMutation } from '../../store/endpoints/tools';
import { useAppDispatch } from '../../store/hooks';
import type { KeyMcpAccess, McpDefaultAccess, McpServerView } from '../../../contract/schemas/mcp';
import { allows, gatewayToolName, withServer, withTool } from './tools';

interface KeyToolsDialogProps {
  apiKey: { id: string; name: string };
  servers: readonly McpServerView[];
  teamDefault: McpDefaultAccess;
  onClose(): void;
}

/** One server's box: every tool of it, or the tools checked (asked of the server). */
function ServerAccess({
  server,
  access,
  onChange,
}: {
  server: McpServerView;
  access: KeyMcpAccess;
  onChange(next: KeyMcpAccess): void;
}) {
  const tools = useGetToolServerToolsQuery({ id: server.id });
  const known = tools.data?.tools.map((tool) => tool.name) ?? [];
  const listed = access.servers.find((entry) => entry.server_id === server.id);
  const every = listed?.tools === null;
  const some = listed !== undefined && !every;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, m: 0 }}>
      <Box component="legend" sx={{ px: 0.5, typography: 'subtitle2' }}>
        {server.name}
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={every}
            indeterminate={some}
            onChange={(event) => onChange(withServer(access, server.id, event.target.checked))}
          />
        }
        label={`Every tool of ${server.name}, now and later`}
      />
      {tools.data?.error && (
        <Typography variant="body2" color="textSecondary">
          Its tools cannot be listed now: {tools.data.error}
        </Typography>
      )}
      <Stack sx={{ pl: 3 }}>
        {tools.data?.tools.map((tool) => (
          <FormControlLabel
            key={tool.name}
            control={
              <Checkbox
                size="small"
                checked={allows(access, server.id, tool.name)}
                onChange={(event) => onChange(withTool(access, server.id, tool.name, event.target.checked, known))}
              />
            }
            label={
              <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {gatewayToolName(server.name, tool.name)}
              </Box>
            }
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Team Settings → Tools → a key's tool access (the team's owner; docs/mcp.md#access): the team's default, or only the
 * servers and tools checked. A tool the key may not call is absent from its tool list and refused by name.
 */
export default function KeyToolsDialog({ apiKey, servers, teamDefault, onClose }: KeyToolsDialogProps) {
  const dispatch = useAppDispatch();
  const loaded = useGetKeyToolsQuery(apiKey.id);
  const [save, { isLoading: saving }] = useSaveKeyToolsMutation();
  const [draft, setDraft] = useState<KeyMcpAccess | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const access = draft ?? loaded.data;

  const submit = async () => {
    if (!access) return;
    setFailure(null);
    try {
      await save({ keyId: apiKey.id, access }).unwrap();
      dispatch(toastShown('Tool access saved', 'success'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the tool access'));
    }
  };

  const body = () => {
    if (loaded.isLoading) return <PageLoader label="Loading tool access" />;
    if (!access) {
      return (
        <ErrorState
          message={errorMessage(loaded.error, 'Failed to load the tool access')}
          onRetry={() => void loaded.refetch()}
        />
      );
    }
    return (
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <RadioGroup
          aria-label="What this key may call"
          value={access.mode}
          onChange={(_event, mode) => setDraft({ ...access, mode: mode as KeyMcpAccess['mode'] })}
        >
          <FormControlLabel
            value="team"
            control={<Radio />}
            label={`The team's default: ${teamDefault === 'all' ? 'every tool of every server' : 'no tools'}`}
          />
          <FormControlLabel value="listed" control={<Radio />} label="Only the servers and tools checked below" />
        </RadioGroup>
        {access.mode === 'listed' &&
          (servers.length === 0 ? (
            <Typography variant="body2">The team is offered no MCP server yet.</Typography>
          ) : (
            servers.map((server) => (
              <ServerAccess key={server.id} server={server} access={access} onChange={setDraft} />
            ))
          ))}
      </Stack>
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="key-tools-title" maxWidth="sm" fullWidth>
      <DialogTitle id="key-tools-title">{`Tools "${apiKey.name}" may call`}</DialogTitle>
      <DialogContent>{body()}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving || !access}>
          Save Tool Access
        </Button>
      </DialogActions>
    </Dialog>
  );
}
