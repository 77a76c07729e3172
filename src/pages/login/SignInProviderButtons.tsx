import { useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Key from '@mui/icons-material/Key';
import { fetchSignInProviders } from '../../store/signInProviders';
import { providerLoginUrl } from './loginLinks';
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

/** One provider's button: the app's and the pre-rendered login page's (build/prerenderLogin.tsx) template. */
export function ProviderButton({ name, href }: { name: ReactNode; href: string }) {
  return (
    <Button href={href} variant="outlined" size="large" fullWidth startIcon={<Key />}>
      Sign in with {name}
    </Button>
  );
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
        <ProviderButton key={provider.id} name={provider.name} href={providerLoginUrl(provider.id)} />
      ))}
    </>
  );
}
