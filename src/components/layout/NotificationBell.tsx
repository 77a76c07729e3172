import { lazy, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { bellCount, bellLabel } from '../../lib/notifications';
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
        <NotificationsOutlined />
        {/* The count on the bell, drawn here rather than by MUI's Badge: every page's first download carries it. */}
        {unread > 0 && (
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: 4,
              right: 2,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {bellCount(unread)}
          </Box>
        )}
      </IconButton>
      <MountWhenOpened open={open}>
        <NotificationList anchor={anchor} open={open} list={data} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
