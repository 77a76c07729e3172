import { CAP_REACHED_TITLE, capReachedText } from '../../lib/dashboard';
import { useGetTeamDashboardQuery } from '../../store/api';
import { useTeamless } from '../team/useTeamless';
import { DashboardNotice } from './DashboardNotice';

/** A member whose keys have reached the monthly cap the owner set is told so, with the cap, the spend and the reset. */
export function CapReachedNotice() {
  const teamless = useTeamless();
  const { data } = useGetTeamDashboardQuery(undefined, { skip: teamless });
  const text = capReachedText(data?.my_cap);
  if (!text) return null;
  return (
    <DashboardNotice severity="error" title={CAP_REACHED_TITLE} to="/api-keys" linkLabel="See your keys">
      {text}
    </DashboardNotice>
  );
}
