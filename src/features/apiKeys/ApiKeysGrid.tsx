import { useMemo } from 'react';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import { PAGED_GRID_PROPS, gridLayout } from '../../components/grid/pagedGrid';
import type { ApiKey } from '../../store/types';
import { apiKeyColumns, type ApiKeyRowActions } from './apiKeyColumns';

const LAYOUT = gridLayout('name');

/** The API keys grid, in a chunk of its own with MUI X (see ApiKeysPage). */
export interface ApiKeysGridProps {
  keys: ApiKey[];
  /** Stable (memoised) callbacks: the columns are rebuilt when they change. */
  actions: ApiKeyRowActions;
  withUser: boolean;
}

export default function ApiKeysGrid({ keys, actions, withUser }: ApiKeysGridProps) {
  const columns = useMemo(() => apiKeyColumns(actions, withUser), [actions, withUser]);
  return (
    <DataGrid
      {...PAGED_GRID_PROPS}
      aria-label="API keys"
      rows={keys}
      columns={columns}
      rowHeight={60}
      disableVirtualization={LAYOUT.disableVirtualization}
      sx={{ bgcolor: 'background.paper', ...LAYOUT.sx }}
    />
  );
}
