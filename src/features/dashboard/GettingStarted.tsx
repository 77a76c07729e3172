import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/SectionCard';

const STEPS = [
  { title: 'Set up your team', text: 'Create a team and set its monthly budget on the Team Settings page.' },
  { title: 'Create an API key', text: 'Give each app or environment its own key on the API Keys page.' },
  { title: 'Buy credits', text: 'Top up the prepaid balance or redeem a coupon from Billing.' },
  { title: 'Call the API', text: 'Send requests with your key; usage and cost show up in Usage Reports.' },
];

export function GettingStarted() {
  return (
    <SectionCard titleId="getting-started-title" title="Getting Started">
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
        {STEPS.map((step) => (
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
