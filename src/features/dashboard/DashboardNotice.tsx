import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface DashboardNoticeProps {
  severity: AlertColor;
  title: string;
  /** The page that deals with it, and its link's text. */
  to: string;
  linkLabel: string;
  children: ReactNode;
}

/**
 * A notice at the top of the dashboard: what needs the user's attention, and under it a link to where to deal with it
 * (under, not beside: beside a paragraph on a phone, the link took a third of the width and wrapped word by word).
 */
export function DashboardNotice({ severity, title, to, linkLabel, children }: DashboardNoticeProps) {
  return (
    <Alert severity={severity} sx={{ mb: 3 }}>
      <AlertTitle>{title}</AlertTitle>
      {children}
      <Box sx={{ mt: 1 }}>
        <Button component={RouterLink} to={to} color="inherit" size="small" variant="outlined">
          {linkLabel}
        </Button>
      </Box>
    </Alert>
  );
}
