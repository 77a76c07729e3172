import { useMemo } from 'react';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type { GridSortModel } from '@mui/x-data-grid/models';
import type { PricingTier } from '../../../contract/schemas/pricing';
import { PRICING_CELL_SX, pricingColumns, type PricingRowActions } from './pricingColumns';

const autoRowHeight = () => 'auto' as const;

/** The pricing tiers grid, in a chunk of its own with MUI X (see PricingPage). */
export interface PricingGridProps {
  tiers: PricingTier[];
  /** Stable (memoised) callbacks: the columns are rebuilt when they change. */
  actions: PricingRowActions;
  loading: boolean;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  noRowsLabel: string;
}

export default function PricingGrid({
  tiers,
  actions,
  loading,
  sortModel,
  onSortModelChange,
  noRowsLabel,
}: PricingGridProps) {
  const columns = useMemo(() => pricingColumns(actions), [actions]);
  return (
    <PagedDataGrid
      identifyingField="model"
      aria-label="Pricing tiers"
      rows={tiers}
      columns={columns}
      loading={loading}
      rowHeight={84}
      // Cells wrap rather than cut their text (pricingColumns), so each row is as tall as its content.
      getRowHeight={autoRowHeight}
      // Two-line headers ('Completion Price per 1M') keep the price columns narrow enough for the whole table to fit
      // a 1280 px screen beside the open sidebar.
      columnHeaderHeight={64}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      localeText={{ noRowsLabel }}
      sx={{
        minHeight: 320,
        '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
        ...PRICING_CELL_SX,
      }}
    />
  );
}
