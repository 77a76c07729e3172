import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';

// Follows the system until the user picks; MUI persists the pick.
export function ColorModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const effective = mode === 'system' ? systemMode : mode;
  const next = effective === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    // The browser's own tooltip: an MUI one here would put Popper in every page's first download.
    <IconButton onClick={() => setMode(next)} aria-label={label} title={label} color="inherit">
      {effective === undefined ? (
        // Not known while the build draws the frame (src/app/prerenderShell.tsx): both, the page's scheme picks one.
        <>
          <LightModeOutlined
            sx={[{ display: 'none' }, (theme) => theme.applyStyles('dark', { display: 'inline-block' })]}
          />
          <DarkModeOutlined sx={(theme) => theme.applyStyles('dark', { display: 'none' })} />
        </>
      ) : effective === 'dark' ? (
        <LightModeOutlined />
      ) : (
        <DarkModeOutlined />
      )}
    </IconButton>
  );
}
