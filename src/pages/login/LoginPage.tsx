import { lazy, Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import GitHub from '@mui/icons-material/GitHub';
import HubOutlined from '@mui/icons-material/HubOutlined';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { oauthLoginUrl } from '../../config';
import { useAppSelector } from '../../store/hooks';
import { selectSessionEnded } from '../../slices/sessionSlice';
import { useDocumentTitle } from '../../components/PageHeader';
import { afterNextPaint } from '../../lib/afterNextPaint';
import { hasSessionWithoutHint, sessionHintAbsent } from '../../store/sessionCheck';
import { ACCOUNT_DISABLED_PARAM } from '../../../contract/accountStatus';
import type { SignInNoticeKind } from './SignInNotice';

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

/** The notice the page shows: a sign-in the server refused (?error=account_disabled), or a session that ended. */
function useSignInNotice(sessionEnded: boolean): SignInNoticeKind | null {
  const { search } = useLocation();
  if (new URLSearchParams(search).get('error') === ACCOUNT_DISABLED_PARAM) return 'account-disabled';
  return sessionEnded ? 'session-ended' : null;
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const sessionEnded = useAppSelector(selectSessionEnded);
  const notice = useSignInNotice(sessionEnded);
  useLeaveWhenSignedInWithoutHint(sessionEnded);
  return (
    // Anchored near the top rather than centred: the single sign-on buttons arrive after the first paint, and a centred
    // card would then move up under a person's (or a test's) pointer as it grew; anchored, it only grows downwards.
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        justifyItems: 'center',
        alignItems: 'start',
        p: 2,
        pt: { xs: 6, sm: '14vh' },
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <HubOutlined color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h1" sx={{ mt: 1 }}>
            Welcome to AI Model Gateway
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, mb: 4 }}>
            One API key for Anthropic, OpenAI, Google and OpenRouter models, with prepaid credits and team budgets.
          </Typography>
          {notice && (
            <Suspense fallback={null}>
              <SignInNotice kind={notice} />
            </Suspense>
          )}
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Button
              href={oauthLoginUrl(window.location.origin)}
              variant="contained"
              size="large"
              fullWidth
              startIcon={<GitHub />}
            >
              Login with GitHub
            </Button>
            <Suspense fallback={null}>
              <SignInProviderButtons />
            </Suspense>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            Trouble signing in?{' '}
            <Link component={RouterLink} to="/debug">
              Check your cookies
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
