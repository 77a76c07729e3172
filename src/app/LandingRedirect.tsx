import { Navigate } from 'react-router-dom';
import { landingPath } from '../lib/navigation';
import { useGetMeQuery } from '../store/api';

/** The root index: to the signed-in user's landing page (the guard has the user by now). */
export function LandingRedirect() {
  const { data: me } = useGetMeQuery();
  return <Navigate to={landingPath(me)} replace />;
}
