import { useMemo, type ComponentType, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { ListRows } from '../grid/ListRows';
import { RouteHeader } from '../RouteHeader';
import type { HeadedPath } from '../../../contract/routes';
import { FailureAlert, type Failure } from '../forms/FailureAlert';

interface AdminListFrameProps<GridProps extends object> {
  /** The page's route: its heading is the route table's (contract/routes.ts). */
  path: HeadedPath;
  createLabel: string;
  /** Stable (memoised): the heading is built once. */
  onCreate: () => void;
  failure: Failure | null;
  onClearFailure: () => void;
  filters: ReactNode;
  /** The rows as cards, for a phone. */
  cards: ReactNode;
  /** The grid's own chunk (MUI X), requested once the rest of the page has painted. */
  loadGrid: () => Promise<{ default: ComponentType<GridProps> }>;
  gridProps: GridProps;
  loadingLabel: string;
  /** The page's dialogs. */
  children: ReactNode;
}

/**
 * An admin list page: back link, heading with its create button, failure, filters, then the rows. MUI X is most of
 * the page's download: the heading and filters render first and the grid's chunk is requested once they have painted
 * (contract/routes.ts lists it as loaded, not preloaded). A phone shows the same rows as cards and never downloads
 * the grid.
 */
export function AdminListFrame<GridProps extends object>({
  path,
  createLabel,
  onCreate,
  failure,
  onClearFailure,
  filters,
  cards,
  loadGrid,
  gridProps,
  loadingLabel,
  children,
}: AdminListFrameProps<GridProps>) {
  // The same element on every render, so the list's loading and arrival do not rebuild the heading (largest
  // contentful paint).
  const heading = useMemo(
    () => (
      <RouteHeader
        path={path}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
            {createLabel}
          </Button>
        }
      />
    ),
    [path, createLabel, onCreate],
  );
  return (
    <>
      {heading}
      <FailureAlert failure={failure} onClose={onClearFailure} />
      {filters}
      <ListRows cards={cards} loadGrid={loadGrid} gridProps={gridProps} loadingLabel={loadingLabel} />
      {children}
    </>
  );
}
