import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { isCurrentUserOwner } from '../../features/team/team';
import { useGetMeQuery, useGetTeamMembersQuery, useGetTeamQuery } from '../../store/api';
import { CreateTeamForm } from '../../features/team/CreateTeamForm';
import { TeamMembers } from '../../features/team/TeamMembers';
import { TeamOverview } from '../../features/team/TeamOverview';
import { TeamBudgetForm } from '../../features/budget/TeamBudgetForm';
import { RouteHeader } from '../../components/RouteHeader';
import { InTurn } from '../../components/AfterFirstPaint';

// Owners only, below the fold: its chunk is requested when an owner's page renders.
const AlertsSection = lazy(() =>
  import(/* webpackChunkName: "section-alerts" */ '../../features/alerts/AlertsSection').then((module) => ({
    default: module.AlertsSection,
  })),
);

// Owners only, below the alerts: the guardrails' chunk (docs/guardrails.md).
const GuardrailsSection = lazy(() =>
  import(/* webpackChunkName: "section-guardrails" */ '../../features/guardrails/GuardrailsSection').then((module) => ({
    default: module.GuardrailsSection,
  })),
);

// Every member's, below the guardrails: the MCP gateway's servers and tool access (docs/mcp.md).
const ToolsSection = lazy(() =>
  import(/* webpackChunkName: "section-tools" */ '../../features/tools/ToolsSection').then((module) => ({
    default: module.ToolsSection,
  })),
);

export function TeamPage() {
  const teamless = useTeamless();
  const team = useGetTeamQuery(undefined, { skip: teamless });
  const me = useGetMeQuery();
  const members = useGetTeamMembersQuery(undefined, { skip: !team.data });
  // Owner controls only for the signed-in user's own owner role, not any member of an owned team (docs/rules.md).
  const isOwner = isCurrentUserOwner(me.data, members.data);

  const content = () => {
    if (teamless || isNoTeamError(team.error)) return <CreateTeamForm />;
    if (team.isLoading) return <PageLoader label="Loading team" />;
    if (team.error)
      return <ErrorState message={errorMessage(team.error, 'Failed to load team')} onRetry={team.refetch} />;
    if (!team.data) return null;
    return (
      <>
        <TeamOverview team={team.data} />
        {me.error && (
          <Alert
            severity="warning"
            sx={{ mb: 3 }}
            action={
              <Button color="inherit" size="small" onClick={me.refetch}>
                Retry
              </Button>
            }
          >
            Your role could not be checked, so owner controls are hidden.
          </Alert>
        )}
        {/* The sections under the overview, each in a commit of its own after the one above it has been painted
            (docs/performance.md, "Sections in turn"). */}
        {isOwner && (
          <InTurn>
            <TeamBudgetForm currentLimit={team.data.budget_limit} />
          </InTurn>
        )}
        <InTurn>
          <TeamMembers
            members={members.data}
            isLoading={members.isLoading}
            error={members.error}
            onRetry={members.refetch}
            isOwner={isOwner}
          />
        </InTurn>
        {isOwner && (
          <InTurn>
            <Suspense fallback={<PageLoader label="Loading alerts" />}>
              <AlertsSection />
            </Suspense>
          </InTurn>
        )}
        {isOwner && (
          <InTurn>
            <Suspense fallback={<PageLoader label="Loading guardrails" />}>
              <GuardrailsSection />
            </Suspense>
          </InTurn>
        )}
        <InTurn>
          <Suspense fallback={<PageLoader label="Loading tools" />}>
            <ToolsSection isOwner={isOwner} />
          </Suspense>
        </InTurn>
      </>
    );
  };

  return (
    <>
      <RouteHeader path="/team" />
      {content()}
    </>
  );
}
