import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { optionalTimeColumn } from '../../components/grid/optionalTimeColumn';
import { deactivateActionsColumn } from '../../components/grid/rowActionsColumn';
import type { GridColDef } from '@mui/x-data-grid/models';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { couponDisplayStatus, NO_EXPIRY, remainingUses, usesText } from './couponAdmin';
import { formatMoney } from '../../../contract/money';
import type { Coupon } from '../../../contract/schemas/coupons';
import { CouponStatusChip } from './CouponStatusChip';

export interface CouponRowActions {
  onCopy: (code: string) => void;
  onView: (coupon: Coupon) => void;
  onEdit: (coupon: Coupon) => void;
  onDeactivate: (coupon: Coupon) => void;
}

function codeColumn(onCopy: (code: string) => void): GridColDef<Coupon> {
  return {
    field: 'code',
    headerName: 'Code',
    minWidth: 180,
    flex: 1,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1, minWidth: 0, lineHeight: 1.3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" noWrap sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {row.code}
          </Typography>
          <Tooltip title="Copy code">
            <IconButton size="small" aria-label={`Copy code ${row.code}`} onClick={() => onCopy(row.code)}>
              <ContentCopy fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </Box>
        {row.description && (
          <Typography variant="caption" color="textSecondary" noWrap component="p">
            {row.description}
          </Typography>
        )}
      </Box>
    ),
  };
}

const dataColumns: GridColDef<Coupon>[] = [
  {
    field: 'amount',
    headerName: 'Amount',
    type: 'number',
    minWidth: 100,
    valueFormatter: (value: number) => formatMoney(value),
  },
  {
    field: 'uses',
    headerName: 'Uses',
    minWidth: 120,
    flex: 0.6,
    valueGetter: (_value, row) => row.current_uses,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1, lineHeight: 1.3 }}>
        <Typography variant="body2">{usesText(row)}</Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {`${remainingUses(row)} remaining`}
        </Typography>
      </Box>
    ),
  },
  optionalTimeColumn<Coupon>('expires_at', { headerName: 'Expiry', minWidth: 190, flex: 0.7 }, NO_EXPIRY),
  {
    field: 'status',
    headerName: 'Status',
    minWidth: 164,
    valueGetter: (_value, row) => couponDisplayStatus(row, new Date()),
    renderCell: ({ row }) => <CouponStatusChip coupon={row} />,
  },
];

/** The grid's columns; only an active coupon can be deactivated. */
export function couponColumns(actions: CouponRowActions): GridColDef<Coupon>[] {
  return [codeColumn(actions.onCopy), ...dataColumns, deactivateActionsColumn(actions, (coupon) => coupon.active)];
}
