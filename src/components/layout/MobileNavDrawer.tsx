import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import { SIDEBAR_WIDTH_OPEN } from '../../theme';

/** The phone's overlay navigation: a chunk of its own, loaded when the menu button first opens it (AppLayout). */
export default function MobileNavDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      data-testid="sidebar"
      // The overlay drawer is a modal dialog (MUI gives its paper role="dialog"), and a dialog needs a name.
      slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH_OPEN } }}
    >
      {children}
    </Drawer>
  );
}
