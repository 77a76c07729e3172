import { useCallback, useMemo } from 'react';
import { useViewSearchParams } from '../../components/lists/useViewSearchParams';
import { useCursorTrail, useKeysetPage } from '../../components/grid/useCursorTrail';
import { api, useGetAuditLogQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { auditFilters, auditViewFromParams, auditViewParams, ENTRY_PARAM, type AuditLogView } from './auditLog';

/** The filters and the open entry, kept in the URL so a view can be shared and survives a reload. */
export const useAuditLogSearchParams = () => useViewSearchParams(auditViewFromParams, auditViewParams, ENTRY_PARAM);

/**
 * One page of the audit log for a view, newest first, paged with the server's cursors: a change of filters or page
 * size starts again at the first page. Asked again whenever the page is shown (every change writes to it).
 */
export function useAuditLog(view: AuditLogView, pageSize: number, skip: boolean) {
  const dispatch = useAppDispatch();
  const filters = useMemo(() => auditFilters(view), [view]);
  const trail = useCursorTrail(JSON.stringify([filters, pageSize]));
  const result = useGetAuditLogQuery(
    { ...filters, limit: pageSize, ...(trail.cursor ? { cursor: trail.cursor } : {}) },
    { skip, refetchOnMountOrArgChange: true },
  );
  const { toFirstPage } = trail;
  const refresh = useCallback(() => {
    toFirstPage();
    dispatch(api.util.invalidateTags([{ type: 'AuditLog', id: 'LIST' }]));
  }, [dispatch, toFirstPage]);
  return { filters, ...useKeysetPage(result, trail, pageSize), refresh };
}
