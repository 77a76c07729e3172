import { DashboardNotice } from './DashboardNotice';

/** The orange notice when the team fetch failed. */
export function TeamSetupNotice() {
  return (
    <DashboardNotice severity="warning" title="Team Setup Required" to="/team" linkLabel="Go to Team Settings">
      You are not part of a team yet. Set one up to create API keys, buy credits and track usage.
    </DashboardNotice>
  );
}
