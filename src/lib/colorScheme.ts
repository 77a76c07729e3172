// The colour scheme outside React. In the app MUI's ThemeProvider owns it (theme.ts: CSS variables under a `.light` or
// `.dark` class on <html>, the mode following the system until the user picks one); the pre-rendered login page
// (src/pages/login/staticLogin.ts) has no ThemeProvider, so it follows the system with this.

/** Where the user's pick of mode is kept: MUI's default key, passed explicitly so both sides name the same one. */
export const MODE_STORAGE_KEY = 'mui-mode';

function storedMode(win: Window): string {
  try {
    return win.localStorage.getItem(MODE_STORAGE_KEY) ?? 'system';
  } catch {
    return 'system'; // Storage blocked (a privacy setting): the system decides, as in the app.
  }
}

/** Switches <html> between `.light` and `.dark` when the system's scheme changes, unless the user picked a mode. */
export function followSystemColorScheme(win: Window = window): void {
  const dark = win.matchMedia('(prefers-color-scheme: dark)');
  dark.addEventListener('change', () => {
    if (storedMode(win) !== 'system') return;
    const { classList } = win.document.documentElement;
    classList.remove('light', 'dark');
    classList.add(dark.matches ? 'dark' : 'light');
  });
}
