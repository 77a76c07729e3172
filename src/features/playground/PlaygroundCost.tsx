import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useLazyGetRequestLogQuery } from '../../store/api';
import { formatCount } from '../../lib/numbers';
import { formatCents } from '../../../contract/money';
import type { StreamUsage } from './chatStream';

const TRIES = 10;
const PAUSE_MS = 300;
/** The browser's clock may be behind or ahead of the server's, which stamps the row. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The call's tokens, from the stream, and its cost as billed: the key's newest request log row from about when the
 * call was sent with the stream's token counts (bills are written a moment after the answer, in batches, so it is
 * asked a few times).
 */
export function PlaygroundCost({ keyId, sentAt, usage }: { keyId: string; sentAt: string; usage: StreamUsage | null }) {
  const [fetchLog] = useLazyGetRequestLogQuery();
  const [cents, setCents] = useState<number | null>(null);
  useEffect(() => {
    let active = true;
    const from = new Date(Date.parse(sentAt) - CLOCK_SKEW_MS).toISOString();
    const ours = (row: { prompt_tokens: number; completion_tokens: number }) =>
      !usage || (row.prompt_tokens === usage.prompt_tokens && row.completion_tokens === usage.completion_tokens);
    void (async () => {
      for (let attempt = 0; attempt < TRIES && active; attempt++) {
        const page = await fetchLog({ api_key_id: keyId, from, limit: 5 })
          .unwrap()
          .catch(() => null);
        const row = page?.rows.find(ours);
        if (row) {
          if (active) setCents(row.cost_cents);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    })();
    return () => {
      active = false;
    };
  }, [fetchLog, keyId, sentAt, usage]);
  const tokens = usage
    ? `${formatCount(usage.prompt_tokens)} prompt + ${formatCount(usage.completion_tokens)} completion tokens`
    : 'Tokens not reported';
  return (
    <Typography variant="body2" color="textSecondary" role="status">
      {tokens} · Cost: {cents === null ? 'being billed…' : formatCents(cents)}
    </Typography>
  );
}
