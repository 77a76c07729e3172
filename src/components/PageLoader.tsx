import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * The loading indicator of routes and pages. A drawn ring rather than MUI's CircularProgress: it is the route
 * fallback, so it ships in the first download of every page, /login included (docs/performance.md, Bundle budget).
 */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <Box
        component="svg"
        role="progressbar"
        aria-label={label}
        viewBox="0 0 44 44"
        sx={{
          width: 40,
          height: 40,
          color: 'primary.main',
          animation: `${spin} 0.9s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.5s' },
        }}
      >
        <circle cx="22" cy="22" r="19" fill="none" stroke="currentColor" strokeOpacity={0.2} strokeWidth={4} />
        <circle
          cx="22"
          cy="22"
          r="19"
          fill="none"
          stroke="currentColor"
          strokeWidth={4}
          strokeLinecap="round"
          strokeDasharray="40 120"
        />
      </Box>
    </Box>
  );
}
