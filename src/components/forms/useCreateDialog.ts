import { useCallback, useState } from 'react';

/**
 * An admin list's create dialog: open from the page's button or from a link with `?create=1` (the admin dashboard's
 * shortcuts); closing it drops the request from the URL, so a reload does not open it again.
 */
export function useCreateDialog(params: URLSearchParams, update: (changes: Record<string, string | null>) => void) {
  const [creating, setCreating] = useState(() => params.get('create') === '1');
  const openCreate = useCallback(() => setCreating(true), []);
  const closeCreate = useCallback(() => {
    setCreating(false);
    update({ create: null });
  }, [update]);
  return { creating, openCreate, closeCreate };
}
