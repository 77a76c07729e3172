import type { ReactElement } from 'react';
import { GridActionsCellItem } from '@mui/x-data-grid/components';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid/models';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';

interface RowActions<Row> {
  onView: (row: Row) => void;
  onEdit: (row: Row) => void;
  /** The red, confirmed action (revoke, deactivate), shown only for rows it applies to. */
  destructive: {
    label: string;
    icon: ReactElement;
    onClick: (row: Row) => void;
    shownFor?: (row: Row) => boolean;
  };
}

/** The actions column every grid here ends with: view details, edit, and one destructive action. */
export function rowActionsColumn<Row extends GridValidRowModel>({
  onView,
  onEdit,
  destructive,
}: RowActions<Row>): GridColDef<Row> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    minWidth: 116,
    getActions: ({ row }) => [
      <GridActionsCellItem key="view" icon={<VisibilityOutlined />} label="View details" onClick={() => onView(row)} />,
      <GridActionsCellItem key="edit" icon={<EditOutlined />} label="Edit" onClick={() => onEdit(row)} />,
      ...(destructive.shownFor?.(row) === false
        ? []
        : [
            <GridActionsCellItem
              key="destructive"
              icon={destructive.icon}
              label={destructive.label}
              onClick={() => destructive.onClick(row)}
            />,
          ]),
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
