import { memo, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { SelectFilter, type FilterOption } from '../../components/lists/SelectFilter';
import { useTypedFilter } from '../../components/lists/useTypedFilter';
import { TextInput } from '../../components/TextInput';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../contract/rules/audit';
import { ACTION_LABELS, EMPTY_AUDIT_VIEW, TARGET_TYPE_LABELS, type AuditLogView } from './auditLog';

const ACTION_OPTIONS: FilterOption[] = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] })),
];
const TARGET_OPTIONS: FilterOption[] = [
  { value: '', label: 'All targets' },
  ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: TARGET_TYPE_LABELS[type] })),
];
const FIELD_SX = { minWidth: 150, flex: { xs: '1 1 100%', sm: '0 1 auto' } } as const;
/** The two days side by side, on a phone too. */
const DAY_SX = { minWidth: 0, flex: { xs: 1, sm: '0 0 168px' } } as const;
const trimmed = (text: string) => text.trim();
const asText = (value: string) => value;

interface AuditLogFiltersProps {
  view: AuditLogView;
  onChange: (change: Partial<AuditLogView>) => void;
}

/** Actor, action, target and days: every filter applies on the server and lives in the URL. */
export const AuditLogFilters = memo(function AuditLogFilters({ view, onChange }: AuditLogFiltersProps) {
  const actor = useTypedFilter(view.actor, (value) => onChange({ actor: value }), trimmed, asText);
  const filtered = Object.values(view).some(Boolean);
  return (
    <Box
      role="search"
      aria-label="Audit log filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center', '& > *': FIELD_SX }}
    >
      <TextInput
        label="Actor (login)"
        size="small"
        value={actor.text}
        onChange={(event) => actor.setText(event.target.value)}
        htmlInput={{
          maxLength: 100,
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter') actor.apply();
          },
        }}
      />
      <SelectFilter
        label="Action"
        value={view.action}
        options={ACTION_OPTIONS}
        onChange={(value) => onChange({ action: value as AuditLogView['action'] })}
        minWidth={190}
      />
      <SelectFilter
        label="Target"
        value={view.target_type}
        options={TARGET_OPTIONS}
        // A target's id belongs to its type: another type drops it.
        onChange={(value) => onChange({ target_type: value as AuditLogView['target_type'], target_id: '' })}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextInput
          label="From"
          type="date"
          size="small"
          sx={DAY_SX}
          value={view.from}
          onChange={(event) => onChange({ from: event.target.value })}
          htmlInput={{ max: view.to || undefined }}
        />
        <TextInput
          label="To"
          type="date"
          size="small"
          sx={DAY_SX}
          value={view.to}
          onChange={(event) => onChange({ to: event.target.value })}
          htmlInput={{ min: view.from || undefined }}
        />
      </Box>
      {view.target_id && (
        <Chip
          label={`One ${TARGET_TYPE_LABELS[view.target_type || 'team'].toLowerCase()}: ${view.target_id}`}
          onDelete={() => onChange({ target_id: '' })}
          sx={{ flex: '0 1 auto !important', maxWidth: '100%' }}
        />
      )}
      {filtered && (
        <Button variant="text" onClick={() => onChange(EMPTY_AUDIT_VIEW)} sx={{ flex: '0 0 auto !important' }}>
          Clear filters
        </Button>
      )}
    </Box>
  );
});
