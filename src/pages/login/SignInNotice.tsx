import Alert from '@mui/material/Alert';
import { ACCOUNT_DISABLED } from '../../../contract/accountStatus';

import type { SignInNoticeKind } from './signInNoticeKind';

/**
 * Why the visitor is back at the login page: their session ended, or a sign-in found their account disabled
 * (docs/governance.md#disabled-users). Its own chunk: only those visitors see it, so the login page's first download
 * skips Alert.
 */
export default function SignInNotice({ kind }: { kind: SignInNoticeKind }) {
  return kind === 'account-disabled' ? (
    <Alert severity="error" sx={{ mb: 3, textAlign: 'left' }}>
      {ACCOUNT_DISABLED.message}
    </Alert>
  ) : (
    <Alert severity="info" sx={{ mb: 3, textAlign: 'left' }}>
      Your session has ended. Please sign in again.
    </Alert>
  );
}
