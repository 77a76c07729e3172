import Button from '@mui/material/Button';
import Key from '@mui/icons-material/Key';
import { oidcLoginUrl } from '../../config';
import type { SignInProviders } from '../../../contract/schemas/auth';

/**
 * A button per OpenID provider the operator configured (docs/operations.md#single-sign-on). Loaded only when the
 * server names one, so the login page's first download (its bundle budget) carries nothing for deployments without.
 */
export default function SignInProviderButtons({ providers }: { providers: SignInProviders['providers'] }) {
  return (
    <>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          href={oidcLoginUrl(provider.id, window.location.origin)}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={<Key />}
        >
          Sign in with {provider.name}
        </Button>
      ))}
    </>
  );
}
