import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';

/**
 * A user without a team is invited to create one (the dashboard's welcome box). Every team page shows it
 * in place of the 404 NO_TEAM its calls get, rather than an error with Retry.
 */
export function CreateTeamWelcome() {
  return (
    <Box sx={{ textAlign: 'center', py: 3 }}>
      <Box sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
        <GroupsOutlined />
      </Box>
      <Typography variant="h3" component="p" sx={{ mt: 1 }}>
        Welcome to AI Model Gateway!
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
        Create a team to start using API keys, credits and usage tracking.
      </Typography>
      <Button component={RouterLink} to="/team" variant="contained">
        Create Your Team
      </Button>
    </Box>
  );
}

/** The same, on a card of its own, for a page whose whole content is the team's. */
export function CreateTeamWelcomeCard() {
  return (
    <Card>
      <CardContent>
        <CreateTeamWelcome />
      </CardContent>
    </Card>
  );
}
