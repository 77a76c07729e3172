import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog the first time it opens, then keeps it mounted so it can animate out and keep its
 * state like any other dialog. Until then the page does not download it (docs/performance.md, Bundle budget: per route).
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
