import { useLayoutEffect } from 'react';
import { STATIC_SHELL_ID } from '../../contract/staticShell';

// The signed-in page's frame the server sent before the app started (contract/staticShell.ts). It stands in front of
// the app's root, which stays hidden while it is there, so the app's loading ring never replaces it; the first screen
// the app draws takes its place in the same commit.

/** Removes the server's frame, if it is still there: the app now shows something of its own. */
export function releaseStaticShell(): void {
  if (typeof document !== 'undefined') document.getElementById(STATIC_SHELL_ID)?.remove();
}

/** Releases the server's frame as the component's first render commits, before the browser paints it. */
export function useReleaseStaticShell(): void {
  useLayoutEffect(releaseStaticShell, []);
}
