import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, hasStatus } from '../../lib/apiError';
import { validateCreateTeam, type CreateTeamErrors } from './team';
import { useCreateTeamMutation } from '../../store/api';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import { TextInput } from '../../components/TextInput';

/** The teamless view. Creating the team invalidates the team-scoped tags, so the page turns into the team view. */
export function CreateTeamForm() {
  const dispatch = useAppDispatch();
  const [createTeam, { isLoading }] = useCreateTeamMutation();
  const [name, setName] = useState('');
  const [budget, setBudget] = useState('');
  const [errors, setErrors] = useState<CreateTeamErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validateCreateTeam(name, budget);
    setErrors(result.errors ?? {});
    if (!result.input) return;
    try {
      const team = await createTeam(result.input).unwrap();
      dispatch(toastShown(`Team ${team.name} created`, 'success'));
    } catch (error) {
      const message = errorMessage(error, 'Failed to create team');
      setFailure(message);
      // 409: the user joined or made a team elsewhere; the page turns into that team's view, so say why.
      if (hasStatus(error, 409)) dispatch(toastShown(message, 'info'));
    }
  };

  return (
    <Card component="section" aria-labelledby="create-team-title" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography id="create-team-title" variant="h2" component="h2">
          Create Your Team
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
          Set up a team to create API keys, invite members and track usage against a monthly budget.
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Create Your Team">
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextInput
            label="Team Name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            errorText={errors.name}
          />
          <TextInput
            label="Monthly Budget (USD)"
            type="number"
            required
            value={budget}
            onChange={(event) => setBudget(event.target.value)}
            errorText={errors.budget}
            htmlInput={{ min: 0, step: 0.01 }}
          />
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
            Create Team
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
