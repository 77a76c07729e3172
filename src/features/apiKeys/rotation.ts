// Rotating a key (docs/governance.md#key-rotation): how long the old secret keeps working.
import { MAX_ROTATION_GRACE_SECONDS } from '../../../contract/rules/apiKeys';

const HOUR_SECONDS = 3600;
export const MAX_GRACE_HOURS = MAX_ROTATION_GRACE_SECONDS / HOUR_SECONDS;

export type GraceChoice = 'now' | '1h' | '24h' | '7d' | 'custom';

export const GRACE_CHOICES: { value: GraceChoice; label: string; seconds: number | null }[] = [
  { value: 'now', label: 'Immediately', seconds: 0 },
  { value: '1h', label: '1 hour', seconds: HOUR_SECONDS },
  { value: '24h', label: '24 hours', seconds: 24 * HOUR_SECONDS },
  { value: '7d', label: '7 days', seconds: MAX_ROTATION_GRACE_SECONDS },
  { value: 'custom', label: 'Custom', seconds: null },
];

/** The grace period in seconds for the API, or the message for a custom number of hours out of range. */
export function graceSeconds(choice: GraceChoice, customHours: string): { seconds: number } | { error: string } {
  const preset = GRACE_CHOICES.find((option) => option.value === choice)?.seconds;
  if (preset !== null && preset !== undefined) return { seconds: preset };
  const hours = customHours.trim() === '' ? NaN : Number(customHours);
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_GRACE_HOURS) {
    return { error: `Enter a number of hours from 0 to ${MAX_GRACE_HOURS} (7 days)` };
  }
  return { seconds: Math.round(hours * HOUR_SECONDS) };
}
