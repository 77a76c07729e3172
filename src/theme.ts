import { createTheme } from '@mui/material/styles';

// The one place the look is defined. Light and dark schemes as CSS variables: the mode follows the system until
// the user picks one in the top bar, and MUI persists that choice (localStorage, lib/colorScheme.ts).
export const SIDEBAR_WIDTH_OPEN = 256;
export const SIDEBAR_WIDTH_CLOSED = 64;
/** The mobile breakpoint: below it, the drawer and card lists (docs/rules.md#layout-and-timings). */
export const MOBILE_BREAKPOINT_PX = 768;
export const DESKTOP_MEDIA_QUERY = `(min-width:${MOBILE_BREAKPOINT_PX}px)`;
/** Below the breakpoint: the drawer navigation, and lists as cards where a table's columns do not fit. */
export const MOBILE_MEDIA_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // MUI puts white text on a colour only when it reaches this ratio (WCAG AA for normal text), else dark text.
        contrastThreshold: 4.5,
        primary: { main: '#4338ca' },
        secondary: { main: '#0f766e' },
        warning: { main: '#c2410c' },
        // MUI's default info blue (#0288d1) carries white text at 3.9:1; this one reaches 5.9:1 (WCAG AA 4.5:1).
        info: { main: '#0369a1' },
        background: { default: '#f6f7fb', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: '#a5b4fc' },
        secondary: { main: '#5eead4' },
        warning: { main: '#fdba74' },
        // MUI's dark error red (#f44336) reads at 4.1:1 as text on a raised dark surface (dialogs); this one 5.5:1.
        error: { main: '#f87171' },
        background: { default: '#0f1117', paper: '#171a23' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.35rem', fontWeight: 650 },
    h3: { fontSize: '1.1rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // MUI marks keyboard focus only with a faint ripple (and contained buttons here have no elevation to raise), so
    // every button, link-button, list item, chip and icon button gets a clear ring instead.
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.vars.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});
