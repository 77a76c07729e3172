import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import type { AuthUser } from '../../store/types';
import { logoutUrl } from '../../config';
import { ColorModeToggle } from './ColorModeToggle';

interface TopBarProps {
  user: AuthUser | undefined;
  isDesktop: boolean;
  desktopOpen: boolean;
  onToggleDrawer: () => void;
}

export function TopBar({ user, isDesktop, desktopOpen, onToggleDrawer }: TopBarProps) {
  const toggleLabel = isDesktop ? (desktopOpen ? 'Collapse sidebar' : 'Expand sidebar') : 'Open navigation';
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60 } }}>
        <IconButton edge="start" color="inherit" onClick={onToggleDrawer} aria-label={toggleLabel}>
          {isDesktop && desktopOpen ? <MenuOpenOutlined /> : <MenuOutlined />}
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <ColorModeToggle />
        <Box sx={{ textAlign: 'right', minWidth: 0, maxWidth: { xs: 150, sm: 280 } }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {user?.name || 'Guest'}
          </Typography>
          {user?.email && (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {user.email}
            </Typography>
          )}
        </Box>
        <Button href={logoutUrl()} color="inherit" variant="outlined" size="small" sx={{ flexShrink: 0 }}>
          Sign out
        </Button>
      </Toolbar>
    </AppBar>
  );
}
