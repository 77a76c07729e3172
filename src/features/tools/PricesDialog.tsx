import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DialogForm } from '../../components/DialogForm';
import { TextInput } from '../../components/TextInput';
import { errorMessage } from '../../lib/apiError';
import { useGetToolServerToolsQuery, useSetToolServerPricesMutation } from '../../store/endpoints/tools';
import type { McpServerView } from '../../../contract/schemas/mcp';
import { gatewayToolName, parsePrice, priceField } from './tools';

/**
 * Admin → Tools → a server's prices (docs/mcp.md#metering): what a call costs, for the whole server and, where set, per
 * tool; an empty tool price is the server's. In dollars on the screen, cents on the wire.
 */
export default function PricesDialog({ server, onClose }: { server: McpServerView; onClose(): void }) {
  const tools = useGetToolServerToolsQuery({ id: server.id, admin: true });
  const [save, { isLoading: saving }] = useSetToolServerPricesMutation();
  const [serverPrice, setServerPrice] = useState(priceField(server.price_cents));
  const [toolPrices, setToolPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(server.tool_prices).map(([tool, cents]) => [tool, priceField(cents)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const names = [...new Set([...(tools.data?.tools.map((tool) => tool.name) ?? []), ...Object.keys(toolPrices)])];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Record<string, string> = {};
    const price = parsePrice(serverPrice);
    if (price === null) found[''] = 'Enter a price from $0.00 to $100.00, in whole cents.';
    const perTool: Record<string, number> = {};
    for (const [tool, text] of Object.entries(toolPrices)) {
      if (!text.trim()) continue;
      const cents = parsePrice(text);
      if (cents === null) found[tool] = 'Enter a price from $0.00 to $100.00, or leave it empty.';
      else perTool[tool] = cents;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || price === null) return;
    try {
      await save({ id: server.id, prices: { price_cents: price, tool_prices: perTool } }).unwrap();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the prices'));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="mcp-prices-title" maxWidth="sm" fullWidth>
      <DialogForm onSubmit={submit} aria-labelledby="mcp-prices-title">
        <DialogTitle id="mcp-prices-title">{`Prices of ${server.name}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextInput
              label="Price of a call, in dollars"
              value={serverPrice}
              onChange={(event) => setServerPrice(event.target.value)}
              errorText={errors['']}
              helperText={errors[''] ?? 'Every tool of the server, unless priced below. 0 is free.'}
              htmlInput={{ inputMode: 'decimal' }}
              autoFocus
            />
            {tools.data?.error && (
              <Typography variant="body2" color="textSecondary">
                The server cannot list its tools now: {tools.data.error}
              </Typography>
            )}
            {names.map((tool) => (
              <TextInput
                key={tool}
                label={`${gatewayToolName(server.name, tool)}, in dollars`}
                value={toolPrices[tool] ?? ''}
                onChange={(event) => setToolPrices((current) => ({ ...current, [tool]: event.target.value }))}
                errorText={errors[tool]}
                helperText={errors[tool] ?? 'Empty: the server’s price.'}
                htmlInput={{ inputMode: 'decimal' }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save Prices
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
