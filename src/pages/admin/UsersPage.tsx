import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { FailureAlert } from '../../components/forms/FailureAlert';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useConfirm } from '../../components/ConfirmDialog';
import { GridPlaceholder } from '../../components/grid/GridPlaceholder';
import { ConsoleSearch } from '../../features/adminConsole/ConsoleSearch';
import { UserCards } from '../../features/adminConsole/ConsoleCards';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { listQueryOf } from '../../features/adminConsole/consoleList';
import type { UserRowActions } from '../../features/adminConsole/UsersGrid';
import { useConsoleView } from '../../features/adminConsole/useConsoleView';
import { useGetAdminUsersQuery, useGetMeQuery, useSetUserDisabledMutation } from '../../store/api';
import { ADMIN_USER_SORTS } from '../../../contract/rules/adminConsole';
import type { AdminUserRow } from '../../../contract/schemas/adminConsole';
import { AdminGate } from './AdminGate';
import { RouteHeader } from '../../components/RouteHeader';

export const USERS_LOAD_FAILED = 'Failed to load users.';
export const disableMessage = (login: string) =>
  `Disable ${login}? Their sessions end and their API keys stop working at once, until an administrator enables them again.`;
const DEFAULT_ORDER = { sort: 'created_at', order: 'desc' } as const;

const loadUsersGrid = () =>
  import(/* webpackChunkName: "grid-admin-console" */ '../../features/adminConsole/UsersGrid');

function UsersScreen() {
  // A phone shows the rows as cards and never downloads the grid (docs/performance.md, Bundle budget).
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const { view, change } = useConsoleView(ADMIN_USER_SORTS, DEFAULT_ORDER);
  const { data, isFetching, isError } = useGetAdminUsersQuery(listQueryOf(view));
  const { data: me } = useGetMeQuery();
  const [setDisabled] = useSetUserDisabledMutation();
  const { run, failure, clearFailure } = useFormMutation();
  const { confirm, dialog } = useConfirm();
  const search = useCallback((text: string) => change({ search: text }), [change]);

  const disable = useCallback(
    async (user: AdminUserRow) => {
      const confirmed = await confirm({
        title: 'Disable user',
        message: disableMessage(user.login),
        confirmLabel: 'Disable',
      });
      if (!confirmed) return;
      await run(() => setDisabled({ userId: user.id, disabled: true }).unwrap(), {
        succeeded: `${user.login} was disabled`,
        failed: `Failed to disable ${user.login}`,
      });
    },
    [confirm, run, setDisabled],
  );
  const actions = useMemo<UserRowActions>(
    () => ({
      onDisable: (user: AdminUserRow) => void disable(user),
      onEnable: (user: AdminUserRow) =>
        void run(() => setDisabled({ userId: user.id, disabled: false }).unwrap(), {
          succeeded: `${user.login} was enabled`,
          failed: `Failed to enable ${user.login}`,
        }),
      selfId: me?.id ?? null,
    }),
    [disable, run, setDisabled, me?.id],
  );

  return (
    <>
      <RouteHeader path="/admin/users" />
      <FailureAlert failure={failure} onClose={clearFailure} />
      <ConsoleSearch label="Search users" value={view.search} onSearch={search} />
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {USERS_LOAD_FAILED}
        </Alert>
      )}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        {isMobile ? (
          <UserCards
            rows={data?.rows ?? []}
            total={data?.total ?? 0}
            loading={isFetching}
            view={view}
            onChange={change}
            actions={actions}
          />
        ) : (
          <AfterFirstPaint
            load={loadUsersGrid}
            props={{
              rows: data?.rows ?? [],
              total: data?.total ?? 0,
              loading: isFetching,
              view,
              onChange: change,
              actions,
            }}
            fallback={<GridPlaceholder label="Loading users" minHeight={320} />}
          />
        )}
      </Box>
      {dialog}
    </>
  );
}

export function UsersPage() {
  return (
    <AdminGate>
      <UsersScreen />
    </AdminGate>
  );
}
