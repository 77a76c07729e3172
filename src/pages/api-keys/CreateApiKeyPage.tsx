import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { useGetTeamQuery } from '../../store/api';
import type { CreatedApiKey } from '../../../contract/schemas/apiKeys';
import { CreateApiKeyForm } from '../../features/apiKeys/CreateApiKeyForm';
import { CreatedKeyPanel } from '../../features/apiKeys/CreatedKeyPanel';

/** A user without a team cannot create keys and is steered to team setup. */
function TeamSetupRequired() {
  return (
    <Alert severity="warning">
      <AlertTitle>Team Setup Required</AlertTitle>
      You need to set up your team before you can create API keys.
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button component={RouterLink} to="/team" variant="contained" color="warning">
          Set Up Team
        </Button>
        <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBack />} color="inherit">
          Back to Dashboard
        </Button>
      </Box>
    </Alert>
  );
}

export function CreateApiKeyPage() {
  const teamlessUser = useTeamless();
  const team = useGetTeamQuery(undefined, { skip: teamlessUser });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // Only a definite "no team" hides the form; after any other failure the server still decides (and its
  // 'must belong to a team' answer is turned into the team hint by the form).
  const teamless = teamlessUser || isNoTeamError(team.error);

  return (
    <>
      <PageHeader
        title="Create API Key"
        subtitle="Give the key a name so you can tell your keys apart"
        actions={
          <Button component={RouterLink} to="/api-keys" startIcon={<ArrowBack />}>
            Back to API Keys
          </Button>
        }
      />
      {team.isLoading ? (
        <PageLoader label="Checking your team" />
      ) : teamless ? (
        <TeamSetupRequired />
      ) : (
        <Card sx={{ maxWidth: 640 }}>
          <CardContent>
            {created ? <CreatedKeyPanel apiKey={created} /> : <CreateApiKeyForm onCreated={setCreated} />}
          </CardContent>
        </Card>
      )}
    </>
  );
}
