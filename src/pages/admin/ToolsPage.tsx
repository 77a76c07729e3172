import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import {
  useCreateAdminToolServerMutation,
  useDeleteAdminToolServerMutation,
  useGetAdminToolServersQuery,
  useUpdateAdminToolServerMutation,
} from '../../store/endpoints/tools';
import { useAppDispatch } from '../../store/hooks';
import type { McpServerView } from '../../../contract/schemas/mcp';
import { ServerTools } from '../../features/tools/ServerTools';
import { AUTH_LABELS, TRANSPORT_LABELS, callPriceText } from '../../features/tools/tools';
import { AdminGate } from './AdminGate';
import { RouteHeader } from '../../components/RouteHeader';

// The dialogs' forms (radio groups, text fields) download when one opens: the page itself stays within its budget.
const ServerDialog = lazy(
  () => import(/* webpackChunkName: "dialog-mcp-server" */ '../../features/tools/ServerDialog'),
);
const PricesDialog = lazy(
  () => import(/* webpackChunkName: "dialog-mcp-prices" */ '../../features/tools/PricesDialog'),
);

function ServerRow({
  server,
  onEdit,
  onPrices,
  onRemove,
}: {
  server: McpServerView;
  onEdit(): void;
  onPrices(): void;
  onRemove(): void;
}) {
  const [showTools, setShowTools] = useState(false);
  const toolPrices = Object.entries(server.tool_prices);
  return (
    <Box
      component="li"
      aria-labelledby={`admin-mcp-${server.id}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography id={`admin-mcp-${server.id}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {server.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            size="small"
            label={server.scope === 'operator' ? 'Operator' : `Team: ${server.team_name ?? 'unknown'}`}
          />
          <Chip size="small" variant="outlined" label={callPriceText(server.price_cents)} />
        </Stack>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {server.transport === 'builtin'
          ? TRANSPORT_LABELS.builtin
          : `${server.url} · ${TRANSPORT_LABELS[server.transport]}`}
        {server.auth !== 'none' && ` · ${AUTH_LABELS[server.auth]} ${server.secret_hint ?? ''}`}
      </Typography>
      {toolPrices.length > 0 && (
        <Typography variant="body2" color="textSecondary">
          {`Priced apart: ${toolPrices.map(([tool, cents]) => `${tool} ${callPriceText(cents)}`).join(', ')}`}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" aria-expanded={showTools} onClick={() => setShowTools(!showTools)}>
          {showTools ? 'Hide Tools' : 'Show Tools'}
        </Button>
        <Button size="small" onClick={onPrices}>
          Prices
        </Button>
        {server.scope === 'operator' && server.transport !== 'builtin' && (
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
        )}
        <Button size="small" color="error" onClick={onRemove}>
          Remove
        </Button>
      </Stack>
      {showTools && (
        <Box sx={{ mt: 1 }}>
          <ServerTools serverId={server.id} admin />
        </Box>
      )}
    </Box>
  );
}

function Servers() {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetAdminToolServersQuery();
  const [create] = useCreateAdminToolServerMutation();
  const [update] = useUpdateAdminToolServerMutation();
  const [remove] = useDeleteAdminToolServerMutation();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<McpServerView | 'new' | null>(null);
  const [pricing, setPricing] = useState<McpServerView | null>(null);

  const removeServer = async (server: McpServerView) => {
    const sure = await confirm({
      title: `Remove ${server.name}?`,
      message: 'Its tools leave every key that could call them, and its credential is deleted.',
      confirmLabel: 'Remove',
    });
    if (!sure) return;
    try {
      await remove(server.id).unwrap();
      dispatch(toastShown(`${server.name} removed`, 'success'));
    } catch (failure) {
      dispatch(toastShown(errorMessage(failure, 'Failed to remove the server'), 'error'));
    }
  };

  if (isLoading) return <PageLoader label="Loading MCP servers" />;
  if (error || !data) {
    return (
      <ErrorState message={errorMessage(error, 'Failed to load the MCP servers')} onRetry={() => void refetch()} />
    );
  }
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add Operator Server
        </Button>
      </Box>
      {data.length === 0 ? (
        <EmptyState
          title="No MCP server yet"
          description="An operator's server is offered to every team; each team's owner says which keys may call it."
        />
      ) : (
        <Stack component="ul" aria-label="MCP servers" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.map((server) => (
            <ServerRow
              key={server.id}
              server={server}
              onEdit={() => setEditing(server)}
              onPrices={() => setPricing(server)}
              onRemove={() => void removeServer(server)}
            />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {editing !== null && (
          <ServerDialog
            server={editing === 'new' ? undefined : editing}
            what="Operator Server"
            onCreate={(input) => create(input).unwrap()}
            onUpdate={(id, patch) => update({ id, patch }).unwrap()}
            onClose={() => setEditing(null)}
          />
        )}
        {pricing && <PricesDialog server={pricing} onClose={() => setPricing(null)} />}
      </Suspense>
      {dialog}
    </>
  );
}

/** Admin → Tools (docs/mcp.md): the operator's MCP servers, every team's, and what their calls cost. */
export function ToolsPage() {
  return (
    <AdminGate>
      <RouteHeader path="/admin/tools" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Agents reach every tool at /mcp with their API key. A call is admitted against the team&apos;s credit, budget
        and limits like a model call, and billed at the price set here (free by default).
      </Alert>
      <Servers />
    </AdminGate>
  );
}
