import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { AuditRecord } from '../../../contract/schemas/audit';
import { auditDiff, fieldLabel, type ChangeKind } from './auditLog';

/** What each kind of row says to a screen reader, beside its colour. */
const CHANGE_WORDS: Record<ChangeKind, string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  unchanged: 'unchanged',
};

const removedSx = {
  bgcolor: (theme: { palette: { error: { main: string } } }) => alpha(theme.palette.error.main, 0.12),
};
const addedSx = {
  bgcolor: (theme: { palette: { success: { main: string } } }) => alpha(theme.palette.success.main, 0.14),
};

/**
 * The record before and after, field by field: a value that went is on red, one that came on green, an unchanged
 * field plain. A creation has only an after, a deletion only a before.
 */
export function AuditDiff({
  before,
  after,
  labelledBy,
}: {
  before: AuditRecord;
  after: AuditRecord;
  /** The id of the heading that names it. */
  labelledBy: string;
}) {
  const rows = auditDiff(before, after);
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        This change records no fields.
      </Typography>
    );
  }
  const value = (text: string) => (
    <Box
      component="code"
      sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      {text === '' ? '-' : text}
    </Box>
  );
  return (
    // Wider than a phone: it scrolls sideways in its own box, focusable so a keyboard can scroll it too.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <Table size="small" aria-label="Changes, field by field">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Field
            </TableCell>
            <TableCell component="th" scope="col">
              Before
            </TableCell>
            <TableCell component="th" scope="col">
              After
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.field} data-change={row.change}>
              <TableCell component="th" scope="row" sx={{ fontWeight: row.change === 'unchanged' ? 400 : 600 }}>
                {fieldLabel(row.field)}
                {/* The recorded name too, as the CSV export and the API give it. */}
                <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary', fontSize: 12 }}>
                  <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {row.field}
                  </Box>
                  {` · ${CHANGE_WORDS[row.change]}`}
                </Box>
              </TableCell>
              <TableCell sx={row.change === 'removed' || row.change === 'changed' ? removedSx : undefined}>
                {value(row.before)}
              </TableCell>
              <TableCell sx={row.change === 'added' || row.change === 'changed' ? addedSx : undefined}>
                {value(row.after)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
