import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { DialogForm } from '../../components/DialogForm';
import { TextInput } from '../../components/TextInput';
import { errorMessage } from '../../lib/apiError';
import { MCP_AUTHS, MCP_TRANSPORTS } from '../../../contract/rules/mcp';
import type { McpServerView } from '../../../contract/schemas/mcp';
import {
  AUTH_LABELS,
  EMPTY_SERVER_FORM,
  TRANSPORT_LABELS,
  formOf,
  serverFormErrors,
  serverInput,
  serverPatch,
  type ServerForm,
  type ServerFormErrors,
} from './tools';
import type { McpServerInput, McpServerPatch } from '../../../contract/schemas/mcp';

interface ServerDialogProps {
  /** The server being edited; none to add one. */
  server?: McpServerView;
  /** Whose server it is, as the title says: "MCP server" (a team's) or "operator's MCP server". */
  what: string;
  onCreate(input: McpServerInput): Promise<unknown>;
  onUpdate(id: string, patch: McpServerPatch): Promise<unknown>;
  onClose(): void;
}

/**
 * Adds or edits an MCP server (docs/mcp.md#servers): its name (fixed once added: its tools are named after it), URL,
 * transport and credential. A credential is never shown again: editing, an empty field keeps the stored one.
 */
export default function ServerDialog({ server, what, onCreate, onUpdate, onClose }: ServerDialogProps) {
  const [form, setForm] = useState<ServerForm>(server ? formOf(server) : EMPTY_SERVER_FORM);
  const [errors, setErrors] = useState<ServerFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: keyof ServerForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const keeping = server !== undefined && server.auth === form.auth;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = serverFormErrors(form, server?.auth ?? null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (server) await onUpdate(server.id, serverPatch(form, server));
      else await onCreate(serverInput(form));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, server ? 'Failed to save the server' : 'Failed to add the server'));
    } finally {
      setSaving(false);
    }
  };

  const title = server ? `Edit ${server.name}` : `Add ${what}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="mcp-server-title" maxWidth="sm" fullWidth>
      <DialogForm onSubmit={submit} aria-labelledby="mcp-server-title">
        <DialogTitle id="mcp-server-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {!server && (
              <TextInput
                label="Name"
                value={form.name}
                onChange={set('name')}
                required
                autoFocus
                errorText={errors.name}
                helperText={errors.name ?? 'Its tools are named <name>__<tool>: lowercase letters, digits, hyphens.'}
              />
            )}
            <TextInput
              label="URL"
              value={form.url}
              onChange={set('url')}
              required
              autoFocus={Boolean(server)}
              errorText={errors.url}
              helperText={errors.url ?? 'Its MCP endpoint, e.g. https://mcp.example.com/mcp. A public address only.'}
              htmlInput={{ inputMode: 'url', autoComplete: 'off', spellCheck: false }}
            />
            <FormControl>
              <FormLabel id="mcp-transport-label">Transport</FormLabel>
              <RadioGroup row aria-labelledby="mcp-transport-label" value={form.transport} onChange={set('transport')}>
                {MCP_TRANSPORTS.map((transport) => (
                  <FormControlLabel
                    key={transport}
                    value={transport}
                    control={<Radio />}
                    label={TRANSPORT_LABELS[transport]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl>
              <FormLabel id="mcp-auth-label">How the gateway signs in to it</FormLabel>
              <RadioGroup row aria-labelledby="mcp-auth-label" value={form.auth} onChange={set('auth')}>
                {MCP_AUTHS.map((auth) => (
                  <FormControlLabel key={auth} value={auth} control={<Radio />} label={AUTH_LABELS[auth]} />
                ))}
              </RadioGroup>
            </FormControl>
            {form.auth === 'bearer' && (
              <TextInput
                label="Token"
                type="password"
                value={form.token}
                onChange={set('token')}
                required={!keeping}
                errorText={errors.token}
                helperText={
                  errors.token ??
                  (keeping
                    ? `Stored (${server?.secret_hint ?? 'hidden'}): leave empty to keep it.`
                    : 'Sent as Authorization: Bearer. Stored encrypted and never shown again.')
                }
                htmlInput={{ autoComplete: 'off' }}
              />
            )}
            {form.auth === 'oauth' && (
              <>
                <TextInput
                  label="Client ID"
                  value={form.clientId}
                  onChange={set('clientId')}
                  required
                  errorText={errors.clientId}
                />
                <TextInput
                  label="Client secret"
                  type="password"
                  value={form.clientSecret}
                  onChange={set('clientSecret')}
                  required={!keeping}
                  errorText={errors.clientSecret}
                  helperText={
                    errors.clientSecret ??
                    (keeping ? `Stored (${server?.secret_hint ?? 'hidden'}): leave empty to keep it.` : undefined)
                  }
                  htmlInput={{ autoComplete: 'off' }}
                />
                <TextInput
                  label="Issuer URL"
                  value={form.issuer}
                  onChange={set('issuer')}
                  required
                  errorText={errors.issuer}
                  helperText={errors.issuer ?? 'The authorization server the credentials were registered with.'}
                  htmlInput={{ inputMode: 'url', spellCheck: false }}
                />
                <TextInput label="Scope (optional)" value={form.scope} onChange={set('scope')} />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {server ? 'Save Server' : 'Add Server'}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
