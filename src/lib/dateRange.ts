// Editing the usage report's date range (docs/rules.md#usage-reports): invalid or empty dates are ignored, so the last
// valid range stays in force, and the range never runs backwards.
import { isIsoDate, type DateRange } from '../../contract/dates';

export type DateRangeField = 'start_date' | 'end_date';

/**
 * The range after one date input changed. An invalid or empty value leaves the range as it was. A start after the end
 * pulls the end along (and an end before the start pulls the start), so start <= end always holds.
 */
export function changeDateRange(range: DateRange, field: DateRangeField, value: string): DateRange {
  if (!isIsoDate(value)) return range;
  if (field === 'start_date') {
    return { start_date: value, end_date: value > range.end_date ? value : range.end_date };
  }
  return { start_date: value < range.start_date ? value : range.start_date, end_date: value };
}
