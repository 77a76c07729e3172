import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../lib/apiError';
import { inviteEmailError } from './team';
import { useInviteMemberMutation } from '../../store/api';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import { TextInput } from '../../components/TextInput';

/** Owner only. The invite refreshes the member list through the tag graph. */
export function InviteMemberForm() {
  const dispatch = useAppDispatch();
  const [inviteMember, { isLoading }] = useInviteMemberMutation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = inviteEmailError(email);
    setEmailError(problem);
    if (problem) return;
    const trimmed = email.trim();
    try {
      await inviteMember({ email: trimmed }).unwrap();
      setEmail('');
      dispatch(toastShown(`Invitation sent to ${trimmed}`, 'success'));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to invite member'));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label="Invite Member" spacing={2} sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextInput
          label="Email"
          type="email"
          size="small"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errorText={emailError}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Invite Member
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}
