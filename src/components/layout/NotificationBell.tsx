import { lazy, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { BELL_MAX_COUNT, bellLabel } from '../../lib/notifications';
import { useGetNotificationsQuery } from '../../store/api';
import { MountWhenOpened } from '../MountWhenOpened';

// The list (a Popover) downloads when first opened; the bell itself is a button and a badge.
const NotificationList = lazy(() => import(/* webpackChunkName: "notifications" */ './NotificationList'));

/** Alerts fire on the server: the bell asks for its list every minute (and when the tab regains focus). */
export const BELL_POLL_MS = 60_000;

/** The top bar's bell: the unread count, and the newest notifications when pressed. */
export function NotificationBell() {
  // The button the list opens under: kept when pressed (state, not a ref read while rendering).
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const { data } = useGetNotificationsQuery(undefined, { pollingInterval: BELL_POLL_MS });
  const unread = data?.unread_count ?? 0;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={BELL_MAX_COUNT}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <MountWhenOpened open={open}>
        <NotificationList anchor={anchor} open={open} list={data} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
