import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';

interface DetailsDrawerProps {
  /** The heading's id, which names the dialog. */
  titleId: string;
  title: string;
  /** The drawer's width from the small breakpoint up; a phone's whole screen below it. */
  width: number;
  onClose: () => void;
  children: ReactNode;
}

/**
 * One row of a log in full, in a modal drawer on the right (the whole screen on a phone): focus moves into it and, on
 * close (Escape, the close button, a click outside), back to the row that opened it.
 */
export function DetailsDrawer({ titleId, title, width, onClose, children }: DetailsDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: width } } } }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} variant="h2" component="h2" sx={{ flex: 1, fontSize: '1.25rem' }}>
          {title}
        </Typography>
        <IconButton aria-label="Close details" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      {children}
    </Drawer>
  );
}
