import Typography from '@mui/material/Typography';
import { ACCOUNT_DISABLED } from '../../../contract/accountStatus';

/** Why GitHub's callback sent a disabled user back to /login. */
export default function AccountDisabledNotice() {
  return (
    <Typography role="alert" color="error" sx={{ mb: 2 }}>
      {ACCOUNT_DISABLED.message}
    </Typography>
  );
}
