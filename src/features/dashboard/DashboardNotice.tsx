import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

interface DashboardNoticeProps {
  severity: AlertColor;
  title: string;
  /** The page that deals with it, and its link's text. */
  to: string;
  linkLabel: string;
  children: ReactNode;
}

/** A notice at the top of the dashboard: what needs the user's attention, and a link to where to deal with it. */
export function DashboardNotice({ severity, title, to, linkLabel, children }: DashboardNoticeProps) {
  return (
    <Alert
      severity={severity}
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to={to} color="inherit" size="small">
          {linkLabel}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
