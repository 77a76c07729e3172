import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';

const widthTransition = (theme: Theme) => theme.transitions.create('width');

/**
 * The desktop sidebar: what MUI's permanent Drawer draws (a spacer in the page's flow and a fixed, full-height paper
 * with a divider on its right), without importing Drawer, which brings Modal, Slide and the focus trap along for its
 * temporary variant. The first screen of every page downloads this (docs/performance.md, Bundle budget and Performance).
 */
export function DockedSidebar({ width, children }: { width: number; children: ReactNode }) {
  return (
    <Box data-testid="sidebar" sx={{ width, flex: '0 0 auto', transition: widthTransition }}>
      <Paper
        square
        data-testid="sidebar-paper"
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          width,
          display: 'flex',
          flexDirection: 'column',
          overflowX: 'hidden',
          overflowY: 'auto',
          zIndex: 'drawer',
          borderRight: 1,
          borderColor: 'divider',
          outline: 0,
          transition: widthTransition,
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}
