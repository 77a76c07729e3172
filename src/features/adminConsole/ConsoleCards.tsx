import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import {
  CardActions,
  CardCaption,
  CardFacts,
  CardHeading,
  CardList,
  CardTitle,
  type CardPages,
} from '../../components/CardList';
import { formatPercent } from '../../lib/budget';
import { listPage } from '../../lib/listPage';
import { formatDateTime } from '../../lib/time';
import { formatCents } from '../../../contract/money';
import type { AdminTeamRow, AdminUserRow } from '../../../contract/schemas/adminConsole';
import type { ConsoleView } from './consoleList';
import { NO_TEAMS, NO_USERS, TEAMS_LABEL, USERS_LABEL, teamPagePath } from './teams';
import type { UserRowActions } from './UsersGrid';

interface Paged<Sort extends string> {
  total: number;
  loading: boolean;
  view: ConsoleView<Sort>;
  onChange: (change: Partial<ConsoleView<Sort>>) => void;
}

/** The server's pages as the cards turn them. */
function serverPages<Sort extends string>({ total, view, onChange }: Paged<Sort>): CardPages {
  const page = listPage(total, view.page, view.pageSize);
  return {
    label: page.label,
    hasPrevious: page.hasPrevious,
    hasNext: page.hasNext,
    onTurn: (direction) => onChange({ page: page.page + direction }),
  };
}

/** A team's card: one renderer for the page's life, so CardList leaves the cards alone while the rows stay. */
const renderTeamCard = (team: AdminTeamRow) => (
  <>
    <CardTitle>
      <Link component={RouterLink} to={teamPagePath(team.id)} sx={{ fontWeight: 600 }}>
        {team.name}
      </Link>
    </CardTitle>
    <CardFacts
      facts={[
        ['Owner', team.owner?.email ?? team.owner?.login ?? '-'],
        ['Members', String(team.member_count)],
        ['Balance', formatCents(team.balance_cents)],
        ['Spent this month', formatCents(team.month_spend_cents)],
        ['Budget used', team.budget_use_percent === null ? 'No budget' : formatPercent(team.budget_use_percent)],
        ['Last activity', formatDateTime(team.last_activity_at, 'Never')],
      ]}
    />
  </>
);

/** Every team on a phone: each row as a card with the grid's columns, a server page at a time. */
export function TeamCards<Sort extends string>({ rows, ...paged }: Paged<Sort> & { rows: AdminTeamRow[] }) {
  return (
    <CardList
      items={rows}
      itemKey={(team) => team.id}
      label={TEAMS_LABEL}
      loadingLabel="Loading teams"
      loading={paged.loading}
      noRowsLabel={NO_TEAMS}
      pages={serverPages(paged)}
      renderCard={renderTeamCard}
    />
  );
}

/** Every user on a phone, with Disable or Enable on each card. */
export function UserCards<Sort extends string>({
  rows,
  actions,
  ...paged
}: Paged<Sort> & { rows: AdminUserRow[]; actions: UserRowActions }) {
  // One renderer while the actions stay: CardList then leaves the cards alone when nothing else changed.
  const renderCard = useCallback(
    (user: AdminUserRow) => (
      <>
        <CardTitle
          end={
            user.disabled_at ? (
              <Chip size="small" color="error" label="Disabled" />
            ) : (
              <Chip size="small" color="success" variant="outlined" label="Active" />
            )
          }
        >
          <CardHeading>
            {user.login}
            {user.is_admin ? ' (admin)' : ''}
          </CardHeading>
          {user.email && <CardCaption>{user.email}</CardCaption>}
        </CardTitle>
        <CardFacts
          facts={[
            ['Team', user.team ? `${user.team.name} (${user.role === 'owner' ? 'Owner' : 'Member'})` : 'No team'],
            ['Last sign-in', formatDateTime(user.last_sign_in_at, 'Never')],
            ['Keys', String(user.key_count)],
            ['Spent this month', formatCents(user.month_spend_cents)],
          ]}
        />
        {user.id !== actions.selfId && (
          <CardActions
            actions={[
              user.disabled_at
                ? { label: `Enable ${user.login}`, onClick: () => actions.onEnable(user) }
                : { label: `Disable ${user.login}`, onClick: () => actions.onDisable(user), destructive: true },
            ]}
          />
        )}
      </>
    ),
    [actions],
  );
  return (
    <CardList
      items={rows}
      itemKey={(user) => user.id}
      label={USERS_LABEL}
      loadingLabel="Loading users"
      loading={paged.loading}
      noRowsLabel={NO_USERS}
      pages={serverPages(paged)}
      renderCard={renderCard}
    />
  );
}
