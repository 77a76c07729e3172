import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../components/PageLoader';
import { DASHBOARD_ACTIVITY_ITEMS } from '../../../contract/firstQueries';
import { relativeTime } from '../../lib/time';
import { useGetActivityQuery } from '../../store/api';
import { ActivityIcon } from './ActivityIcon';
import { SectionCard } from '../../components/SectionCard';

/** The latest events of the team (GET /v1/dashboard/activity?limit=5). */
export function RecentActivity() {
  const { data: activities, error, isLoading } = useGetActivityQuery(DASHBOARD_ACTIVITY_ITEMS);
  const now = new Date();
  return (
    <SectionCard titleId="recent-activity-title" title="Recent Activity">
      {isLoading ? (
        <PageLoader label="Loading activity" />
      ) : error ? (
        <Alert severity="error">Failed to load activity</Alert>
      ) : !activities?.length ? (
        <Typography color="textSecondary">No recent activity yet.</Typography>
      ) : (
        <List aria-labelledby="recent-activity-title" disablePadding>
          {activities.slice(0, DASHBOARD_ACTIVITY_ITEMS).map((activity) => (
            <ListItem key={activity.id} disableGutters alignItems="flex-start">
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <ActivityIcon type={activity.type} />
              </ListItemAvatar>
              <ListItemText
                primary={activity.message}
                secondary={relativeTime(activity.timestamp, now)}
                sx={{ wordBreak: 'break-word' }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
