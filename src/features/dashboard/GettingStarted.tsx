import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/SectionCard';
import { useGetMeQuery } from '../../store/api';
import { gettingStartedSteps } from './gettingStarted';

/** The next steps for the signed-in user: without a team, as the team's owner, or as a member. */
export function GettingStarted() {
  const { data: me } = useGetMeQuery();
  return (
    <SectionCard titleId="getting-started-title" title="Getting Started">
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
        {gettingStartedSteps(me?.team_role ?? null).map((step) => (
          <li key={step.title}>
            <Typography variant="body2">
              <strong>{step.title}:</strong> {step.text}
            </Typography>
          </li>
        ))}
      </Box>
    </SectionCard>
  );
}
