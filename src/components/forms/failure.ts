import { errorMessage } from '../../lib/apiError';
import type { Failure } from './FailureAlert';

/** A failure for an error thrown by a mutation's unwrap(). */
export function failureOf(title: string, error: unknown): Failure {
  return { title, detail: errorMessage(error, '') || undefined };
}
