import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import {
  useDeleteWebhookEndpointMutation,
  useGetWebhookEndpointsQuery,
  useSendWebhookTestMutation,
  useUpdateWebhookEndpointMutation,
} from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { WebhookEndpoint } from '../../../contract/schemas/alerts';
import { AddWebhookForm } from './AddWebhookForm';
import { answerText } from './alertSettings';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WidgetBoundary } from '../../components/WidgetBoundary';

export const REMOVE_WEBHOOK_CONFIRMATION = 'Remove this webhook? Alerts will no longer be sent to it.';

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const dispatch = useAppDispatch();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [update] = useUpdateWebhookEndpointMutation();
  const [remove] = useDeleteWebhookEndpointMutation();
  const [sendTest, { isLoading: testing }] = useSendWebhookTestMutation();
  const { confirm, dialog } = useConfirm();
  const fail = (error: unknown, fallback: string) => dispatch(toastShown(errorMessage(error, fallback), 'error'));

  const test = async () => {
    try {
      const delivery = await sendTest(endpoint.id).unwrap();
      const answer = answerText(delivery.last_status_code, delivery.last_error);
      dispatch(
        delivery.status === 'succeeded'
          ? toastShown(`Test delivered: ${answer}`, 'success')
          : toastShown(`Test not delivered (${answer}); it will be tried again`, 'warning'),
      );
      setShowDeliveries(true);
    } catch (error) {
      fail(error, 'Failed to send the test');
    }
  };

  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography component="p" sx={{ fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Typography>
          {endpoint.description && (
            <Typography variant="body2" color="textSecondary">
              {endpoint.description}
            </Typography>
          )}
        </Box>
        {endpoint.slack && <Chip size="small" label="Slack" variant="outlined" />}
        <FormControlLabel
          control={
            <Switch
              checked={endpoint.enabled}
              onChange={(event) =>
                void update({ id: endpoint.id, enabled: event.target.checked })
                  .unwrap()
                  .catch((error: unknown) => fail(error, 'Failed to change the webhook'))
              }
            />
          }
          label={endpoint.enabled ? 'On' : 'Off'}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button size="small" variant="outlined" onClick={() => void test()} disabled={testing}>
          Send test
        </Button>
        <Button size="small" onClick={() => setShowDeliveries((shown) => !shown)} aria-expanded={showDeliveries}>
          {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          size="small"
          color="error"
          onClick={async () => {
            if (
              !(await confirm({
                title: 'Remove webhook',
                message: REMOVE_WEBHOOK_CONFIRMATION,
                confirmLabel: 'Remove',
              }))
            )
              return;
            await remove(endpoint.id)
              .unwrap()
              .catch((error: unknown) => fail(error, 'Failed to remove the webhook'));
          }}
        >
          Remove
        </Button>
      </Box>
      {showDeliveries && (
        <Box sx={{ mt: 2 }}>
          <WebhookDeliveries endpointId={endpoint.id} label={`Deliveries to ${endpoint.url}`} />
        </Box>
      )}
      {dialog}
    </Box>
  );
}

/**
 * The team's webhooks (docs/alerts.md#webhooks): each alert is POSTed to every one that is on, signed per Standard
 * Webhooks (a Slack incoming webhook gets a Slack message), and tried again for 24 hours until it answers 2xx.
 */
export function WebhookEndpoints() {
  const { data, error, isLoading, refetch } = useGetWebhookEndpointsQuery();
  return (
    <Box component="section" aria-labelledby="webhooks-title" sx={{ mt: 4 }}>
      <Typography id="webhooks-title" variant="h3" component="h3" sx={{ mb: 1 }}>
        Webhooks
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        Each alert is sent as a signed JSON POST (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature)
        to every webhook that is on; a Slack incoming webhook gets a Slack message. A webhook that does not answer 2xx
        is tried again for 24 hours.
      </Typography>
      <WidgetBoundary name="Webhooks">
        {isLoading ? (
          <Typography variant="body2">Loading webhooks…</Typography>
        ) : error || !data ? (
          <ErrorState message={errorMessage(error, 'Failed to load the webhooks')} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            No webhooks yet.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Webhooks"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 2 }}
          >
            {data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </Box>
        )}
      </WidgetBoundary>
      <AddWebhookForm />
    </Box>
  );
}
