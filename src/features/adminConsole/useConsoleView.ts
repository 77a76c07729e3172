import { useCallback, useMemo } from 'react';
import { useUpdateSearchParams } from '../../components/lists/useUpdateSearchParams';
import type { SortOrder } from '../../../contract/schemas/adminConsole';
import { viewFromParams, viewParams, type ConsoleView } from './consoleList';

/** A console list's view, kept in the URL (consoleList.ts). */
export function useConsoleView<Sort extends string>(
  sorts: readonly Sort[],
  defaults: { sort: Sort; order: SortOrder },
) {
  const [params, update] = useUpdateSearchParams();
  const { sort, order } = defaults;
  const view = useMemo(() => viewFromParams(params, sorts, { sort, order }), [params, sorts, sort, order]);
  const change = useCallback((next: Partial<ConsoleView<Sort>>) => update(viewParams(next)), [update]);
  return { view, change };
}
