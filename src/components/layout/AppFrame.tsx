import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The signed-in layout's frame: the sidebar beside a column of the top bar and the page. The app's layout fills it
 * (AppLayout.tsx), and so does the build, which draws it before the app has started (src/app/prerenderShell.tsx):
 * one frame, so the page painted first and the app that replaces it lay out alike.
 */
export function AppFrame({
  sidebar,
  topBar,
  children,
  after,
}: {
  sidebar: ReactNode;
  topBar: ReactNode;
  children: ReactNode;
  /** Outside the column (the toasts). */
  after?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {sidebar}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {topBar}
        <Box component="main" id="main" sx={{ flexGrow: 1, p: { xs: 2, md: 4 }, maxWidth: 1400, width: '100%' }}>
          {children}
        </Box>
      </Box>
      {after}
    </Box>
  );
}
