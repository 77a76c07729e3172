import Chip from '@mui/material/Chip';
import { deactivateActionsColumn } from '../../components/grid/rowActionsColumn';
import type { GridColDef } from '@mui/x-data-grid/models';
import { formatPricePer1M, isTierActive, tierCachingLines, tokenRange, unitPriceLines } from './pricing';
import { formatDateTime } from '../../lib/time';
import type { PricingTier } from '../../../contract/schemas/pricing';

export interface PricingRowActions {
  onView: (tier: PricingTier) => void;
  onEdit: (tier: PricingTier) => void;
  onDeactivate: (tier: PricingTier) => void;
}

// The rows grow to their content (PricingGrid's auto row height): names, 'Not supported' and expiry dates wrap at
// spaces and hyphens instead of being cut, within columns narrow enough for the table to fit 1280 px. A tier's
// description wraps too, up to three lines (cut to one, it said almost nothing; the details dialog shows it whole).
//
// The cells are plain elements with the classes below, styled once for the whole grid (PRICING_CELL_SX, which
// PricingGrid passes to the grid): a Typography or Box with an `sx` per line made emotion serialise and hash the
// same styles again for every line of every row, about 15 times a row (docs/performance.md, "Grid cells styled
// once").
const WRAP = { whiteSpace: 'normal', overflowWrap: 'break-word' } as const;
const CELL = {
  block: 'pricing-block',
  primary: 'pricing-primary',
  text: 'pricing-text',
  caption: 'pricing-caption',
  clamp: 'pricing-clamp',
} as const;

export const PRICING_CELL_SX = {
  [`& .${CELL.block}`]: { py: 1, minWidth: 0, width: '100%', lineHeight: 1.3, ...WRAP },
  [`& .${CELL.primary}`]: { typography: 'body2', fontWeight: 600, m: 0, ...WRAP },
  [`& .${CELL.text}`]: { typography: 'body2', m: 0, ...WRAP },
  [`& .${CELL.caption}`]: { typography: 'caption', color: 'text.secondary', m: 0, ...WRAP },
  [`& .${CELL.clamp}`]: {
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
} as const;

const caption = (text: string, clamp = false) => (
  <p className={clamp ? `${CELL.caption} ${CELL.clamp}` : CELL.caption} title={text}>
    {text}
  </p>
);

function Lines({ primary, secondary }: { primary: string; secondary: (string | null)[] }) {
  return (
    <div className={CELL.block}>
      <p className={CELL.primary}>{primary}</p>
      {secondary.map((line) => line && <div key={line}>{caption(line)}</div>)}
    </div>
  );
}

const priceColumn = (field: 'prompt_cost_per_1m' | 'completion_cost_per_1m', headerName: string, minWidth: number) =>
  ({
    field,
    headerName,
    type: 'number',
    minWidth,
    flex: 0.5,
    valueFormatter: (value: number) => formatPricePer1M(value),
  }) satisfies GridColDef<PricingTier>;

// The minimum widths add up to 940 px with the actions: the whole table fits a 1280 px screen beside the open sidebar
// with the page's scroll bar in its place (943 px; public/index.html keeps that place), so the Active badge and Actions
// are never off screen; a date and time fits its column, longer names wrap.
// Everything but the row actions is fixed, so it is built once for the module (MUI X performance guide).
const dataColumns: GridColDef<PricingTier>[] = [
  {
    field: 'model',
    headerName: 'Provider/Model',
    minWidth: 124,
    flex: 1.4,
    valueGetter: (_value, row) => `${row.provider}/${row.model}`,
    // A media model's unit prices under its name (docs/media.md#prices): the spec's columns stay as they are.
    renderCell: ({ row }) => (
      <Lines primary={row.model} secondary={[row.provider, ...unitPriceLines(row.unit_prices)]} />
    ),
  },
  {
    field: 'tier',
    headerName: 'Tier',
    minWidth: 100,
    flex: 0.7,
    valueGetter: (_value, row) => row.tier_name,
    renderCell: ({ row }) => (
      <div className={CELL.block}>
        <p className={CELL.primary}>{row.tier_name}</p>
        {caption(`Order ${row.tier_order}`)}
        {row.tier_description && caption(row.tier_description, true)}
      </div>
    ),
  },
  {
    field: 'token_range',
    headerName: 'Token Range',
    minWidth: 100,
    flex: 0.6,
    valueGetter: (_value, row) => row.min_tokens,
    renderCell: ({ row }) => <div className={CELL.block}>{tokenRange(row.min_tokens, row.max_tokens)}</div>,
  },
  priceColumn('prompt_cost_per_1m', 'Prompt Price per 1M', 96),
  priceColumn('completion_cost_per_1m', 'Completion Price per 1M', 110),
  {
    field: 'caching',
    headerName: 'Caching',
    minWidth: 112,
    flex: 0.6,
    valueGetter: (_value, row) => tierCachingLines(row)[0],
    renderCell: ({ row }) => {
      const [primary, ...secondary] = tierCachingLines(row);
      return <Lines primary={primary} secondary={secondary} />;
    },
  },
  {
    field: 'effective_time',
    headerName: 'Effective Time',
    type: 'dateTime',
    minWidth: 182,
    flex: 0.8,
    valueGetter: (value: string) => new Date(value),
    renderCell: ({ row }) => {
      const active = isTierActive(row, new Date());
      return (
        <div className={CELL.block}>
          <p className={CELL.text}>{formatDateTime(row.effective_time)}</p>
          {row.expiry_time && caption(`Expires ${formatDateTime(row.expiry_time)}`)}
          <Chip
            size="small"
            variant="outlined"
            label={active ? 'Active' : 'Inactive'}
            color={active ? 'success' : 'default'}
            sx={{ mt: 0.5 }}
          />
        </div>
      );
    },
  },
];

/** The grid's columns; deactivate is offered only while the tier is active. */
export function pricingColumns(actions: PricingRowActions): GridColDef<PricingTier>[] {
  return [...dataColumns, deactivateActionsColumn(actions, (tier) => isTierActive(tier, new Date()))];
}
