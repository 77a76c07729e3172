import { useMemo } from 'react';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { apiKeyColumns, type ApiKeyRowActions } from './apiKeyColumns';

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
    <PagedDataGrid
      identifyingField="name"
      aria-label="API keys"
      rows={keys}
      columns={columns}
      rowHeight={60}
      wrapCells
    />
  );
}
