import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { AfterFirstPaint, usePreloadAfterFirstPaint } from '../../components/AfterFirstPaint';
import { EmptyState } from '../../components/EmptyState';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { ErrorState } from '../../components/ErrorState';
import { GridPlaceholder } from '../../components/grid/GridPlaceholder';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { showUserColumn } from '../../features/apiKeys/apiKeys';
import { useGetApiKeysQuery, useGetMeQuery } from '../../store/api';
import { mayManageKey } from '../../../contract/keyAccess';
import { keyActions } from '../../features/apiKeys/keyControls';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { ApiKeyList } from '../../features/apiKeys/ApiKeyList';
import type { ApiKeyRowActions } from '../../features/apiKeys/apiKeyColumns';
import { useRevokeApiKey } from '../../features/apiKeys/useRevokeApiKey';
import { useApiKeyDialogs } from '../../features/apiKeys/useApiKeyDialogs';
import { CallFloorsProvider } from '../../features/apiKeys/CallFloors';
import { RouteHeader } from '../../components/RouteHeader';

// MUI X is most of this page's download: the header renders first and the grid's chunk is requested once it has
// painted (contract/routes.ts lists it as loaded, not preloaded), while the keys are still on their way. A phone
// shows the keys as cards (ApiKeyList) and never downloads the grid.
const loadApiKeysGrid = () => import(/* webpackChunkName: "grid-api-keys" */ '../../features/apiKeys/ApiKeysGrid');

export function ApiKeysPage() {
  const teamless = useTeamless();
  const { data: keys, error, isLoading, refetch } = useGetApiKeysQuery(undefined, { skip: teamless });
  const { data: me } = useGetMeQuery();
  const { revoke, revokeError, clearRevokeError, confirmDialog } = useRevokeApiKey();
  const { opener, dialogs } = useApiKeyDialogs(keys, (key) => Boolean(me && mayManageKey(me, key)));
  const withUser = showUserColumn(keys ?? []);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  usePreloadAfterFirstPaint(loadApiKeysGrid, !isMobile && !teamless);

  const rowActions = useMemo<ApiKeyRowActions>(
    () => ({
      offered: (key) => keyActions(key, Boolean(me && mayManageKey(me, key))),
      onView: opener('view'),
      onEdit: opener('edit'),
      onRotate: opener('rotate'),
      onRevoke: (key) => void revoke(key),
    }),
    [me, opener, revoke],
  );

  const createButton = (label: string) => (
    <Button component={RouterLink} to="/api-keys/create" variant="contained" startIcon={<Add />}>
      {label}
    </Button>
  );

  return (
    <CallFloorsProvider keys={keys}>
      <RouteHeader path="/api-keys" actions={createButton('Create New Key')} />
      {revokeError && (
        <Alert severity="error" onClose={clearRevokeError} sx={{ mb: 2 }}>
          {revokeError}
        </Alert>
      )}
      {isLoading ? (
        <PageLoader label="Loading API keys" />
      ) : teamless || isNoTeamError(error) ? (
        <CreateTeamWelcomeCard />
      ) : error ? (
        <ErrorState
          message={`Failed to load API keys: ${errorMessage(error, 'Unknown error')}`}
          onRetry={() => void refetch()}
        />
      ) : !keys?.length ? (
        <Card>
          <EmptyState
            icon={<VpnKeyOutlined />}
            title="No API keys"
            description="Create a key to start calling the models through the gateway."
            action={createButton('Create Your First Key')}
          />
        </Card>
      ) : isMobile ? (
        <ApiKeyList keys={keys} actions={rowActions} withUser={withUser} />
      ) : (
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <AfterFirstPaint
            load={loadApiKeysGrid}
            props={{ keys, actions: rowActions, withUser }}
            fallback={<GridPlaceholder label="Loading API keys" minHeight={320} />}
          />
        </Box>
      )}
      {confirmDialog}
      {dialogs}
    </CallFloorsProvider>
  );
}
