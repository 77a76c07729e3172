import { useCallback, useMemo } from 'react';
import { useUpdateSearchParams } from './useUpdateSearchParams';

/**
 * A list's view (filters, order) and its open row, kept in the URL so a view can be shared and survives a reload:
 * `read` takes the view from the params (a bad value falls back to its default), `write` gives the params of a
 * change, and `openParam` holds the open row's id (a detail drawer).
 */
export function useViewSearchParams<View>(
  read: (params: URLSearchParams) => View,
  write: (change: Partial<View>) => Record<string, string | null>,
  openParam: string,
) {
  const [params, update] = useUpdateSearchParams();
  const view = useMemo(() => read(params), [read, params]);
  return {
    view,
    change: useCallback((change: Partial<View>) => update(write(change)), [update, write]),
    openId: params.get(openParam),
    open: useCallback((id: string) => update({ [openParam]: id }), [update, openParam]),
    close: useCallback(() => update({ [openParam]: null }), [update, openParam]),
  };
}
