import { memo, useId, useMemo, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import { SelectFilter, type FilterOption } from '../../components/lists/SelectFilter';
import { TextInput } from '../../components/TextInput';
import { toDateTimeLocal } from '../../lib/time';
import type { TeamMember } from '../../../contract/schemas/teams';
import { REQUEST_STATUSES } from '../../../contract/rules/requestLog';
import { keyChoiceLabel, STATUS_LABELS, type KeyChoice } from './requestLog';
import {
  COST_ERROR,
  costInputCents,
  costInputText,
  TIME_RANGES,
  type RequestLogView,
  type TimeRange,
} from './requestLogView';
import { useTypedFilter } from '../../components/lists/useTypedFilter';

interface RequestLogFiltersProps {
  view: RequestLogView;
  onChange: (change: Partial<RequestLogView>) => void;
  keys: readonly KeyChoice[];
  members: readonly TeamMember[];
  /** Suggestions for the model field: the models the team used lately. */
  models: readonly string[];
}

const RANGE_OPTIONS: FilterOption[] = TIME_RANGES.map(({ value, label }) => ({ value, label }));
const STATUS_OPTIONS: FilterOption[] = [
  { value: '', label: 'All' },
  ...REQUEST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const FIELD_SX = { minWidth: 160, flex: { xs: '1 1 100%', sm: '0 1 auto' } } as const;

/** A datetime-local value (local time) as an ISO time; null for an empty or unreadable one. */
function localToIso(local: string): string | null {
  const time = new Date(local).getTime();
  return local && !Number.isNaN(time) ? new Date(time).toISOString() : null;
}

const trimmed = (text: string) => text.trim();
const asText = (value: string) => value;

/**
 * Time range, key, member, model, status, "Cost above ($)" and the request id a caller got (x-request-id): every filter applies on the server
 * (docs/governance.md#request-log) and lives in the URL. Memoised: a page arriving re-renders the page, not these.
 */
export const RequestLogFilters = memo(function RequestLogFilters({
  view,
  onChange,
  keys,
  members,
  models,
}: RequestLogFiltersProps) {
  const modelListId = useId();
  const keyOptions = useMemo<FilterOption[]>(
    () => [
      { value: '', label: 'All keys' },
      ...keys.map((key) => ({ value: key.id, label: keyChoiceLabel(key) })),
      ...(view.api_key_id && !keys.some((key) => key.id === view.api_key_id)
        ? [{ value: view.api_key_id, label: 'A key no longer listed' }]
        : []),
    ],
    [keys, view.api_key_id],
  );
  const memberOptions = useMemo<FilterOption[]>(
    () => [
      { value: '', label: 'All members' },
      ...members.map((member) => ({ value: member.id, label: member.name ?? member.email ?? member.id })),
      ...(view.user_id && !members.some((member) => member.id === view.user_id)
        ? [{ value: view.user_id, label: 'A former member' }]
        : []),
    ],
    [members, view.user_id],
  );
  const model = useTypedFilter(view.model, (value) => onChange({ model: value }), trimmed, asText);
  const requestId = useTypedFilter(view.request_id, (value) => onChange({ request_id: value }), trimmed, asText);
  const cost = useTypedFilter(
    view.min_cost_cents,
    (value) => onChange({ min_cost_cents: value }),
    costInputCents,
    costInputText,
  );
  const applyOnEnter = (apply: () => void) => ({
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') apply();
    },
  });

  return (
    <Box
      role="search"
      aria-label="Request filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, '& > *': FIELD_SX }}
    >
      <SelectFilter
        label="Time range"
        value={view.range}
        options={RANGE_OPTIONS}
        onChange={(value) => onChange({ range: value as TimeRange })}
      />
      {view.range === 'custom' && (
        <>
          <TextInput
            label="From"
            type="datetime-local"
            size="small"
            value={toDateTimeLocal(view.from)}
            onChange={(event) => onChange({ from: localToIso(event.target.value) })}
          />
          <TextInput
            label="To"
            type="datetime-local"
            size="small"
            value={toDateTimeLocal(view.to)}
            onChange={(event) => onChange({ to: localToIso(event.target.value) })}
            htmlInput={{ min: toDateTimeLocal(view.from) || undefined }}
          />
        </>
      )}
      <SelectFilter
        label="API key"
        value={view.api_key_id}
        options={keyOptions}
        onChange={(value) => onChange({ api_key_id: value })}
        width={220}
      />
      <SelectFilter
        label="Member"
        value={view.user_id}
        options={memberOptions}
        onChange={(value) => onChange({ user_id: value })}
        width={180}
      />
      <TextInput
        label="Model"
        size="small"
        value={model.text}
        onChange={(event) => model.setText(event.target.value)}
        htmlInput={{ list: modelListId, maxLength: 200, ...applyOnEnter(model.apply) }}
      />
      <datalist id={modelListId}>
        {models.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <SelectFilter
        label="Status"
        value={view.status}
        options={STATUS_OPTIONS}
        onChange={(value) => onChange({ status: value as RequestLogView['status'] })}
        minWidth={120}
      />
      <TextInput
        label="Cost above ($)"
        size="small"
        value={cost.text}
        onChange={(event) => cost.setText(event.target.value)}
        errorText={cost.invalid ? COST_ERROR : null}
        htmlInput={{ inputMode: 'decimal', ...applyOnEnter(cost.apply) }}
      />
      <TextInput
        label="Request ID"
        size="small"
        value={requestId.text}
        onChange={(event) => requestId.setText(event.target.value)}
        helperText={view.request_id ? 'Searched at any time, whatever the range' : undefined}
        htmlInput={{ spellCheck: false, autoComplete: 'off', ...applyOnEnter(requestId.apply) }}
      />
    </Box>
  );
});
