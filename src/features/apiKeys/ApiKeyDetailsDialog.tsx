import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { KeySnippets } from './KeySnippets';
import { useGetMeQuery } from '../../store/api';
import { CLEAR_KEY_CACHE, useClearCache } from '../cache/useClearCache';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { DetailList } from '../../components/lists/DetailList';
import { SpendBar } from '../../components/SpendBar';
import { formatDateTime } from '../../lib/time';
import { keyUserText, maskedKeyPrefix, NEVER_USED } from './apiKeys';
import { KeyStatusChips } from './KeyStatusChips';
import { LIMIT_PERIOD_LABELS } from './keyControls';
import {
  cacheText,
  expiryText,
  isRotating,
  keyBlockText,
  NO_LIMIT,
  rateLimitText,
  spendAgainstLimit,
} from './keyStatus';

export const ALL_MODELS = 'All models and routes';

// Opened from here by the team's owner only: loaded then.
const KeyGuardrailsDialog = lazy(
  () => import(/* webpackChunkName: "dialog-key-guardrails" */ '../guardrails/KeyGuardrailsDialog'),
);

function spendLimitDetail(apiKey: ApiKey) {
  const spend = spendAgainstLimit(apiKey);
  if (!spend) return NO_LIMIT;
  const period =
    apiKey.limit_period === undefined
      ? null
      : apiKey.limit_period === 'none'
        ? 'Lifetime limit (never resets)'
        : `${LIMIT_PERIOD_LABELS[apiKey.limit_period]}, resets ${formatDateTime(apiKey.period_resets_at ?? null)} (UTC calendar)`;
  return (
    <Box sx={{ maxWidth: 320 }}>
      <SpendBar spend={spend} emptyText={NO_LIMIT} label={`${apiKey.name} spend against its limit`} />
      <Typography variant="caption" color="textSecondary" component="p">
        {period}
      </Typography>
    </Box>
  );
}

/** One row for a field the server sent, none for one it did not (contract/schemas/extension.ts). */
const present = <T,>(value: T | undefined, row: (value: T) => [string, ReactNode]): [string, ReactNode][] =>
  value === undefined ? [] : [row(value)];

function rotationDetail(apiKey: ApiKey, now: Date): string {
  if (isRotating(apiKey, now) && apiKey.previous_key_prefix) {
    return `Previous secret ${apiKey.previous_key_prefix}… works until ${formatDateTime(apiKey.previous_key_expires_at ?? null)}`;
  }
  return apiKey.rotated_at ? `Rotated ${formatDateTime(apiKey.rotated_at)}` : 'Never rotated';
}

/**
 * Every field of a key: who made it, its use, its limits and their state, its expiry, allow-list, note, rotation.
 * Its creator and the team owner may clear the answers the response cache kept for it.
 */
export default function ApiKeyDetailsDialog({
  apiKey,
  mayManage,
  onClose,
}: {
  apiKey: ApiKey;
  mayManage: boolean;
  onClose: () => void;
}) {
  const { clearKey, clearing, confirmDialog } = useClearCache();
  const { data: me } = useGetMeQuery();
  const [guardrailsOpen, setGuardrailsOpen] = useState(false);
  const now = new Date();
  const creator = [keyUserText(apiKey), apiKey.user_email].filter(Boolean).join(' · ');
  const block = keyBlockText(apiKey);
  return (
    <Dialog open onClose={onClose} aria-labelledby="api-key-details-title" maxWidth="sm" fullWidth>
      <DialogTitle id="api-key-details-title">{`API key "${apiKey.name}"`}</DialogTitle>
      <DialogContent>
        <DetailList
          items={[
            ['Name', apiKey.name],
            [
              'Key prefix',
              <Box key="prefix" component="code" sx={{ fontFamily: 'monospace' }}>
                {maskedKeyPrefix(apiKey.key_prefix)}
              </Box>,
            ],
            ['Status', <KeyStatusChips key="status" apiKey={apiKey} />],
            ...(block ? [['Calls', block.sentence] as [string, string]] : []),
            ['Created by', creator],
            ['Created', formatDateTime(apiKey.created_at)],
            ['Last used', formatDateTime(apiKey.last_used_at, NEVER_USED)],
            // The limits and the rotation are shown when the server sends them (an older one does not).
            ...present(apiKey.spend_limit_cents, () => ['Spending limit', spendLimitDetail(apiKey)]),
            ...present(apiKey.rpm_limit, (limit) => ['Requests', rateLimitText(limit, 'requests')]),
            ...present(apiKey.tpm_limit, (limit) => ['Tokens', rateLimitText(limit, 'tokens')]),
            ...present(apiKey.expires_at, () => ['Expires', expiryText(apiKey, now)]),
            ...present(apiKey.allowed_models, (models) => [
              'Allowed models',
              models.length === 0 ? (
                ALL_MODELS
              ) : (
                <Box key="models" component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {models.map((model) => (
                    <Chip key={model} size="small" label={model} />
                  ))}
                </Box>
              ),
            ]),
            ...present(apiKey.cache_enabled, () => ['Cache', cacheText(apiKey)]),
            ...present(apiKey.note, (note) => ['Note', note || '-']),
            ...present(apiKey.rotated_at, () => ['Rotation', rotationDetail(apiKey, now)]),
          ]}
        />
        {apiKey.is_active && (
          <Box sx={{ mt: 3 }}>
            <KeySnippets model={apiKey.allowed_models?.[0]} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {me?.team_role === 'owner' && (
          <Button color="inherit" onClick={() => setGuardrailsOpen(true)}>
            Guardrails
          </Button>
        )}
        {mayManage && (
          <Button color="inherit" disabled={clearing} onClick={() => void clearKey(apiKey)}>
            {CLEAR_KEY_CACHE}
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {confirmDialog}
      {guardrailsOpen && (
        <Suspense fallback={null}>
          <KeyGuardrailsDialog apiKey={apiKey} onClose={() => setGuardrailsOpen(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
