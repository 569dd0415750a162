import { lazy, Suspense } from 'react';
import { useSocialProviders } from '../api/get-social-providers.ts';
import type { SocialSignInButtonsProps } from './social-sign-in-buttons.tsx';

/** The buttons' code loads only when the server has a provider (the route loader starts it early). */
export const loadSocialSignInButtons = () => import('./social-sign-in-buttons.tsx');
const SocialSignInButtons = lazy(loadSocialSignInButtons);

/** One button per social provider the server has configured, and nothing at all when there is none. */
export function SocialSignIn(props: Omit<SocialSignInButtonsProps, 'providers'>) {
  const providers = useSocialProviders();
  if (providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SocialSignInButtons providers={providers} {...props} />
    </Suspense>
  );
}
