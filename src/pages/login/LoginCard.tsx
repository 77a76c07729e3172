import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import GitHub from '@mui/icons-material/GitHub';
import HubOutlined from '@mui/icons-material/HubOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { GITHUB_LINK_ATTRIBUTE } from './loginLinks';

interface LoginCardProps {
  /** The GitHub OAuth link (oauthLoginUrl). */
  gitHubHref: string;
  /** Why the visitor is here (SignInNotice), above the buttons. */
  notice?: ReactNode;
  /** The single sign-on buttons beside GitHub's (SignInProviderButtons). */
  providers?: ReactNode;
}

/**
 * The login page as it looks: the app renders it (LoginPage.tsx), and the build renders it once to HTML
 * (build/prerenderLogin.tsx), so a first visit of /login paints without downloading the app (docs/performance.md).
 */
export function LoginCard({ gitHubHref, notice, providers }: LoginCardProps) {
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
          <Typography color="textSecondary" sx={{ mt: 1.5, mb: 4 }}>
            One API key for Anthropic, OpenAI, Google and OpenRouter models, with prepaid credits and team budgets.
          </Typography>
          {notice}
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Button
              href={gitHubHref}
              variant="contained"
              size="large"
              fullWidth
              startIcon={<GitHub />}
              {...{ [GITHUB_LINK_ATTRIBUTE]: '' }}
            >
              Login with GitHub
            </Button>
            {providers}
          </Box>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 3 }}>
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
