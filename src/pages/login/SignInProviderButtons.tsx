import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Key from '@mui/icons-material/Key';
import { apiUrl } from '../../config';
import { fetchSignInProviders } from '../../store/signInProviders';
import { oidcLoginPath } from '../../../contract/apiPaths';
import type { SignInProviders } from '../../../contract/schemas/auth';

/** The operator's single sign-on providers (docs/operations.md#single-sign-on); none unless configured. */
function useSignInProviders() {
  const [providers, setProviders] = useState<SignInProviders['providers']>([]);
  useEffect(() => {
    let active = true;
    void fetchSignInProviders().then((found) => active && setProviders(found));
    return () => {
      active = false;
    };
  }, []);
  return providers;
}

/**
 * A button per OpenID provider the server names beside GitHub. A chunk of its own, asked for while the page paints,
 * so the login page's first download (its bundle budget) carries nothing of it; a deployment without providers
 * renders nothing here.
 */
export default function SignInProviderButtons() {
  const providers = useSignInProviders();
  return (
    <>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          href={apiUrl(oidcLoginPath(provider.id, window.location.origin))}
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
