import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiBaseUrl, oauthLoginUrl } from '../../config';
import { useGetCookieDiagnosticsQuery, useGetMeQuery } from '../../store/api';
import { useDocumentTitle } from '../../components/PageHeader';
import { buildDiagnostics } from './diagnostics';

const TEST_COOKIE_MESSAGE = 'Test cookie set. Press "Check Cookies" to see whether the API received it.';

const TIPS = [
  'Sign-in uses a cookie named jwt. If the API runs on another site than this page, the browser must allow third-party cookies for it.',
  'Chrome: Settings → Privacy and security → Third-party cookies → allow them, or add the API site as an exception.',
  'Safari blocks cross-site cookies by default ("Prevent cross-site tracking"); serve the app and the API from one site instead.',
  'Firefox: Enhanced Tracking Protection can block them; turn it off for this site to test.',
  'Cross-site cookies need HTTPS: the cookie must be Secure with SameSite=None.',
  'After changing a setting, press "Test Login", sign in again, then "Check Cookies".',
];

export function DebugPage() {
  useDocumentTitle('Cookie Debug');
  const location = useLocation();
  const thisPage = `${window.location.origin}${location.pathname}${location.search}`;
  const apiView = useGetCookieDiagnosticsQuery();
  const me = useGetMeQuery();
  const checking = apiView.isFetching || me.isFetching;
  const checkedAt = apiView.fulfilledTimeStamp ?? apiView.startedTimeStamp;
  const diagnostics =
    checkedAt === undefined || apiView.isLoading || me.isLoading
      ? null
      : buildDiagnostics({ apiView, me, now: new Date(checkedAt) });

  const check = () => {
    void apiView.refetch();
    void me.refetch();
  };

  const setTestCookie = () => {
    document.cookie = `test_cookie=${Date.now()}; path=/; SameSite=None; Secure`;
    window.alert(TEST_COOKIE_MESSAGE);
  };

  return (
    <Box component="main" sx={{ maxWidth: 900, mx: 'auto', p: { xs: 2, md: 4 } }}>
      <Typography variant="h1">Cookie Debug Page</Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
        What this browser and the API ({apiBaseUrl()}) see of your sign-in cookies.
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
        <Button variant="contained" onClick={check} disabled={checking}>
          {checking ? 'Checking…' : 'Check Cookies'}
        </Button>
        <Button variant="outlined" onClick={setTestCookie}>
          Set Test Cookie
        </Button>
        <Button variant="outlined" href={oauthLoginUrl(thisPage)}>
          Test Login
        </Button>
      </Stack>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h2" gutterBottom>
            Diagnostics
          </Typography>
          <Box
            component="pre"
            aria-label="Diagnostics"
            aria-busy={checking}
            tabIndex={0}
            sx={{
              m: 0,
              p: 2,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: 13,
              overflowX: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {diagnostics ? JSON.stringify(diagnostics, null, 2) : 'Checking…'}
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" gutterBottom>
            Troubleshooting tips
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
            {TIPS.map((tip) => (
              <li key={tip}>
                <Typography variant="body2">{tip}</Typography>
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
