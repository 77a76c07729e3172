import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import PersonRemove from '@mui/icons-material/PersonRemove';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { canRemoveMember, memberName } from './team';
import { MemberSpend } from './MemberSpend';
import { formatDate } from '../../lib/time';
import { useRemoveMemberMutation } from '../../store/api';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import type { TeamMember } from '../../../contract/schemas/teams';
import { InviteMemberForm } from './InviteMemberForm';
import { PendingInvites } from './PendingInvites';
import { SectionCard } from '../../components/SectionCard';

// The owner's cap dialog downloads when first opened (docs/performance.md, Bundle budget).
const MemberCapDialog = lazy(() => import(/* webpackChunkName: "dialog-member-cap" */ './MemberCapDialog'));

export const REMOVE_MEMBER_CONFIRMATION = 'Are you sure you want to remove this team member?';

interface TeamMembersProps {
  members: TeamMember[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  isOwner: boolean;
}

/** The member list; the owner also gets 'Invite Member' and a remove button on every non-owner. */
export function TeamMembers({ members, isLoading, error, onRetry, isOwner }: TeamMembersProps) {
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [removeMember] = useRemoveMemberMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [capMember, setCapMember] = useState<TeamMember | null>(null);

  const remove = async (member: TeamMember) => {
    if (!(await confirm({ title: 'Remove member', message: REMOVE_MEMBER_CONFIRMATION, confirmLabel: 'Confirm' })))
      return;
    setFailure(null);
    try {
      await removeMember(member.id).unwrap();
      dispatch(toastShown('Member removed', 'success'));
    } catch (removeError) {
      setFailure(errorMessage(removeError, 'Failed to remove member'));
    }
  };

  const list = () => {
    if (isLoading) return <PageLoader label="Loading team members" />;
    if (error) return <ErrorState message={errorMessage(error, 'Failed to load team members')} onRetry={onRetry} />;
    return (
      <List aria-label="Team members" disablePadding>
        {(members ?? []).map((member) => (
          <ListItem
            key={member.id}
            divider
            disableGutters
            secondaryAction={
              isOwner &&
              canRemoveMember(member) && (
                <IconButton
                  edge="end"
                  aria-label={`Remove ${member.name ?? member.email ?? 'member'}`}
                  onClick={() => remove(member)}
                >
                  <PersonRemove />
                </IconButton>
              )
            }
            sx={{ pr: isOwner ? 6 : 0 }}
          >
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{memberName(member)}</Typography>
                <Chip label={member.role} color="primary" size="small" />
              </Box>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {member.email ?? '-'}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {`Joined ${formatDate(member.created_at)}`}
              </Typography>
              <MemberSpend member={member} onEditCap={isOwner ? setCapMember : undefined} />
            </Box>
          </ListItem>
        ))}
      </List>
    );
  };

  return (
    <SectionCard titleId="team-members-title" title="Team Members" titleVariant="h3" titleSx={{ mb: 2 }}>
      {isOwner && <InviteMemberForm />}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {list()}
      <PendingInvites isOwner={isOwner} />
      {dialog}
      {capMember && (
        <Suspense fallback={null}>
          <MemberCapDialog member={capMember} onClose={() => setCapMember(null)} />
        </Suspense>
      )}
    </SectionCard>
  );
}
