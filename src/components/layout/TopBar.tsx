import { lazy, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import type { AuthUser } from '../../../contract/schemas/auth';
import { logoutUrl } from '../../config';
import { DESKTOP_MEDIA_QUERY, MOBILE_MEDIA_QUERY } from '../../theme';
import { MountWhenOpened } from '../MountWhenOpened';
import { ColorModeToggle } from './ColorModeToggle';
import { NotificationBell } from './NotificationBell';

// Loaded when first opened: most visits never open the account dialog.
const AccountDialog = lazy(() => import(/* webpackChunkName: "account-dialog" */ './AccountDialog'));

interface TopBarProps {
  user: AuthUser | undefined;
  /** null while the width is not known: the build's frame (src/app/prerenderShell.tsx), drawn for every width. */
  isDesktop: boolean | null;
  desktopOpen: boolean;
  onToggleDrawer: () => void;
}

export function TopBar({ user, isDesktop, desktopOpen, onToggleDrawer }: TopBarProps) {
  const toggleLabel = isDesktop ? (desktopOpen ? 'Collapse sidebar' : 'Expand sidebar') : 'Open navigation';
  const [accountOpen, setAccountOpen] = useState(false);
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60 } }}>
        <IconButton edge="start" color="inherit" onClick={onToggleDrawer} aria-label={toggleLabel}>
          {isDesktop === null ? (
            <>
              <MenuOpenOutlined sx={{ [`@media ${MOBILE_MEDIA_QUERY}`]: { display: 'none' } }} />
              <MenuOutlined sx={{ [`@media ${DESKTOP_MEDIA_QUERY}`]: { display: 'none' } }} />
            </>
          ) : isDesktop && desktopOpen ? (
            <MenuOpenOutlined />
          ) : (
            <MenuOutlined />
          )}
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <NotificationBell />
        <ColorModeToggle />
        <ButtonBase
          onClick={() => setAccountOpen(true)}
          aria-haspopup="dialog"
          sx={{
            display: 'block',
            textAlign: 'right',
            minWidth: 0,
            maxWidth: { xs: 150, sm: 280 },
            px: 1,
            py: 0.5,
            borderRadius: 1,
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {/* Named by what it shows (WCAG 2.5.3), with what it does first for a screen reader. */}
          <Box component="span" sx={visuallyHidden}>
            Account:{' '}
          </Box>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {user?.name || 'Guest'}
          </Typography>
          {user?.email && (
            <Typography variant="caption" color="textSecondary" noWrap component="p">
              {user.email}
            </Typography>
          )}
        </ButtonBase>
        <Button href={logoutUrl()} color="inherit" variant="outlined" size="small" sx={{ flexShrink: 0 }}>
          Sign out
        </Button>
      </Toolbar>
      <MountWhenOpened open={accountOpen}>
        <AccountDialog open={accountOpen} user={user} onClose={() => setAccountOpen(false)} />
      </MountWhenOpened>
    </AppBar>
  );
}
