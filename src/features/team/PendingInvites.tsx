import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/apiError';
import { formatDate } from '../../lib/time';
import { useCancelInviteMutation, useGetTeamInvitesQuery } from '../../store/api';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import type { TeamInvite } from '../../../contract/schemas/teams';

/** Invites nobody has accepted yet; the owner can cancel one. Nothing shows while there are none. */
export function PendingInvites({ isOwner }: { isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const { data: invites } = useGetTeamInvitesQuery();
  const [cancelInvite] = useCancelInviteMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = async (invite: TeamInvite) => {
    setFailure(null);
    try {
      await cancelInvite(invite.id).unwrap();
      dispatch(toastShown(`Invite to ${invite.email} cancelled`, 'success'));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to cancel invite'));
    }
  };

  if (!invites?.length) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 650 }}>
        Pending Invites
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <List aria-label="Pending invites" disablePadding>
        {invites.map((invite) => (
          <ListItem
            key={invite.id}
            divider
            disableGutters
            secondaryAction={
              isOwner && (
                <Button
                  size="small"
                  onClick={() => void cancel(invite)}
                  aria-label={`Cancel invite to ${invite.email}`}
                >
                  Cancel
                </Button>
              )
            }
            sx={{ pr: isOwner ? 10 : 0 }}
          >
            <ListItemText
              primary={invite.email}
              secondary={`Invited ${formatDate(invite.created_at)}${invite.invited_by ? ` by ${invite.invited_by}` : ''}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
