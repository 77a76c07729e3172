import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useReleaseStaticShell } from '../../lib/staticShell';

// Shown when a route fails to load (for example a chunk lost to a deploy): a way out instead of a blank screen.
export function RouteErrorPage({ error }: { error: unknown }) {
  useReleaseStaticShell();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Box component="main" sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h1">Something went wrong</Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
        {detail ?? 'The page could not be shown.'}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
