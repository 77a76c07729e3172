import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/apiError';
import { useGetToolServerToolsQuery } from '../../store/endpoints/tools';
import { callPriceText } from './tools';

/**
 * A server's tools as it lists them now (asked of the server through the gateway), each with its name through the
 * gateway and its price; a server that cannot be asked says why, as the gateway does (docs/mcp.md#errors).
 */
export function ServerTools({ serverId, admin = false }: { serverId: string; admin?: boolean }) {
  const { data, error, isFetching, refetch } = useGetToolServerToolsQuery({ id: serverId, admin });
  if (!data && isFetching) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">Asking the server for its tools…</Typography>
      </Box>
    );
  }
  const failure = error ? errorMessage(error, 'Failed to list the tools') : data?.error;
  if (failure || !data) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        {failure ?? 'Failed to list the tools'}
      </Alert>
    );
  }
  if (data.tools.length === 0) return <Typography variant="body2">This server lists no tools.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {data.tools.map((tool) => (
        <Box component="li" key={tool.name} sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="div" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {tool.gateway_name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {callPriceText(tool.price_cents)}
            </Box>
          </Typography>
          {(tool.description ?? tool.title) && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {tool.description ?? tool.title}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
