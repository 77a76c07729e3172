import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { oauthLoginUrl } from '../../config';
import { useAppSelector } from '../../store/hooks';
import { selectSessionEnded } from '../../slices/sessionSlice';
import { useDocumentTitle } from '../../components/PageHeader';
import { afterNextPaint } from '../../lib/afterNextPaint';
import { hasSessionWithoutHint, sessionHintAbsent } from '../../store/sessionCheck';
import { LoginCard } from './LoginCard';
import { LOGIN_TITLE, signInNoticeKind } from './signInNoticeKind';

const SignInNotice = lazy(() => import('./SignInNotice'));
const SignInProviderButtons = lazy(() => import('./SignInProviderButtons'));

/**
 * An authenticated visitor of /login goes to /dashboard. The route's loader trusts a missing `signed_in` hint
 * so the page paints at once; this asks the server once it has, and leaves if a session is there after all.
 */
function useLeaveWhenSignedInWithoutHint(sessionEnded: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (sessionEnded || !sessionHintAbsent()) return undefined;
    let active = true;
    const cancel = afterNextPaint(() => {
      void hasSessionWithoutHint().then((signedIn) => {
        if (active && signedIn) void navigate('/dashboard', { replace: true });
      });
    });
    return () => {
      active = false;
      cancel();
    };
  }, [navigate, sessionEnded]);
}

export function LoginPage() {
  useDocumentTitle(LOGIN_TITLE);
  const sessionEnded = useAppSelector(selectSessionEnded);
  const notice = signInNoticeKind(useLocation().search, sessionEnded);
  useLeaveWhenSignedInWithoutHint(sessionEnded);
  return (
    <LoginCard
      gitHubHref={oauthLoginUrl(window.location.origin)}
      notice={
        notice && (
          <Suspense fallback={null}>
            <SignInNotice kind={notice} />
          </Suspense>
        )
      }
      providers={
        <Suspense fallback={null}>
          <SignInProviderButtons />
        </Suspense>
      }
    />
  );
}
