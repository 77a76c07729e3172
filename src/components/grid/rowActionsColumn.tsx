import type { ReactElement } from 'react';
import { GridActionsCellItem } from '@mui/x-data-grid/components';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid/models';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';

interface RowAction<Row> {
  label: string;
  icon: ReactElement;
  onClick: (row: Row) => void;
  shownFor?: (row: Row) => boolean;
}

interface RowActions<Row> {
  onView: (row: Row) => void;
  onEdit: (row: Row) => void;
  /** Rows that may be edited (every row when absent). */
  editableFor?: (row: Row) => boolean;
  /** Between edit and the destructive action (a key's Rotate), each shown only for rows it applies to. */
  extra?: RowAction<Row>[];
  /** The red, confirmed action (revoke, deactivate), shown only for rows it applies to. */
  destructive: RowAction<Row>;
}

/**
 * The least width of an actions column of `count` small icon buttons, as Chromium lays them out (36 px each with the
 * gaps, and the cell's padding), for the grids that must cut nothing (API keys, routing; e2e/phoneLayout.spec.ts).
 */
export const actionsMinWidth = (count: number) => 20 + count * 36;

// The admin lists' narrower column (a small icon button and the gap before it), around which their 1280 px width
// budget is laid out (pricingColumns.tsx).
const ACTION_WIDTH = 38;

/** The actions column every grid here ends with: view details, edit, any extra actions and one destructive action. */
export function rowActionsColumn<Row extends GridValidRowModel>({
  onView,
  onEdit,
  editableFor,
  extra = [],
  destructive,
}: RowActions<Row>): GridColDef<Row> {
  const item = (row: Row) => (action: RowAction<Row>) =>
    action.shownFor?.(row) === false
      ? []
      : [
          <GridActionsCellItem
            key={action.label}
            icon={action.icon}
            label={action.label}
            onClick={() => action.onClick(row)}
          />,
        ];
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    minWidth: 116 + extra.length * ACTION_WIDTH,
    getActions: ({ row }) => [
      <GridActionsCellItem key="view" icon={<VisibilityOutlined />} label="View details" onClick={() => onView(row)} />,
      ...[
        { label: 'Edit', icon: <EditOutlined />, onClick: onEdit, shownFor: editableFor },
        ...extra,
        destructive,
      ].flatMap(item(row)),
    ],
  };
}

/** The admin lists' actions column: view, edit, and 'Deactivate', offered only while the row is active. */
export function deactivateActionsColumn<Row extends GridValidRowModel>(
  { onView, onEdit, onDeactivate }: Pick<RowActions<Row>, 'onView' | 'onEdit'> & { onDeactivate: (row: Row) => void },
  isActive: (row: Row) => boolean,
): GridColDef<Row> {
  return rowActionsColumn<Row>({
    onView,
    onEdit,
    destructive: {
      label: 'Deactivate',
      icon: <BlockOutlined color="error" />,
      onClick: onDeactivate,
      shownFor: isActive,
    },
  });
}
