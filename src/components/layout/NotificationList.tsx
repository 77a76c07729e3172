import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_PATHS } from '../../lib/notifications';
import { relativeTime } from '../../lib/time';
import { useMarkNotificationsReadMutation } from '../../store/api';
import type { NotificationList as NotificationListData } from '../../../contract/schemas/alerts';

interface NotificationListProps {
  anchor: HTMLElement | null;
  open: boolean;
  list: NotificationListData | undefined;
  onClose: () => void;
}

export const NO_NOTIFICATIONS = 'No notifications yet. Alerts about budgets, credits, keys and caps appear here.';

/**
 * The bell's list: the newest notifications, unread ones in bold with a dot, each leading to the page where what it
 * tells of is changed (following one marks it read), and 'Mark all as read'. Loaded when the bell is first pressed.
 */
export default function NotificationList({ anchor, open, list, onClose }: NotificationListProps) {
  const [markRead] = useMarkNotificationsReadMutation();
  const notifications = list?.notifications ?? [];
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'notifications-title',
          sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100vh - 80px))' },
        },
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id="notifications-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          Notifications
        </Typography>
        <Button size="small" disabled={(list?.unread_count ?? 0) === 0} onClick={() => void markRead({})}>
          Mark all as read
        </Button>
      </Box>
      {notifications.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
          {NO_NOTIFICATIONS}
        </Typography>
      ) : (
        <List disablePadding aria-label="Notifications">
          {notifications.map((notification) => (
            <ListItem key={notification.id} disablePadding divider>
              <ListItemButton
                component={RouterLink}
                to={NOTIFICATION_PATHS[notification.kind ?? 'test']}
                onClick={() => {
                  if (!notification.read) void markRead({ ids: [notification.id] });
                  onClose();
                }}
                sx={{ display: 'block', py: 1.5 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  {!notification.read && (
                    <Box
                      component="span"
                      aria-label="Unread"
                      role="img"
                      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
                    />
                  )}
                  <Typography variant="body2" sx={{ fontWeight: notification.read ? 400 : 700, flex: 1 }}>
                    {notification.title}
                  </Typography>
                </Box>
                <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                  {notification.message}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
                  {relativeTime(notification.created_at)}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Popover>
  );
}
