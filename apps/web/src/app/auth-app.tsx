import type { SocialProviderId } from '@huddle/shared/account-messages';
import { authPaths, type AuthFormState, type AuthPath } from '@huddle/shared/auth-pages';
import { AuthLayout } from '../features/accounts/components/auth-layout.tsx';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { takeCarriedNotice } from '../lib/carried-notice.ts';
import { HuddleMantineProvider } from './huddle-mantine-provider.tsx';
import { NotificationsHost } from './notifications-host.tsx';
import { ForgotPasswordPage } from './pages/forgot-password-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { ResetPasswordPage } from './pages/reset-password-page.tsx';
import { SignUpPage } from './pages/sign-up-page.tsx';

interface AuthAppProps {
  page: AuthPath;
  socialProviders: readonly SocialProviderId[];
  /** The address's query: the browser's, or on the server the request's (issue 33). */
  search: string;
  /** A failed no-JavaScript sign-in or sign-up, back on its form (issue 33). */
  formState: AuthFormState | null;
}

function AuthPage({ page, socialProviders, search, formState }: AuthAppProps) {
  switch (page) {
    case authPaths.signUp:
      return <SignUpPage socialProviders={socialProviders} search={search} formState={formState} />;
    case authPaths.forgotPassword:
      return <ForgotPasswordPage />;
    case authPaths.resetPassword:
      return <ResetPasswordPage />;
    case authPaths.login:
      return <LoginPage socialProviders={socialProviders} search={search} formState={formState} />;
  }
}

/**
 * The signed-out pages as an app of their own (auth.html, decision 023): no router, query
 * client or zod, so the sign-in page loads little. Moving between them, and on into the app
 * after signing in, loads a new document; the server sends a signed-in person on before
 * this page loads.
 */
export function AuthApp(props: AuthAppProps) {
  // What the last page said on its way here ("Account deleted successfully.").
  useEffect(() => {
    const notice = takeCarriedNotice();
    if (notice) notifications.show({ color: notice.color, message: notice.message });
  }, []);

  return (
    <HuddleMantineProvider>
      <NotificationsHost />
      <AuthLayout>
        <AuthPage {...props} />
      </AuthLayout>
    </HuddleMantineProvider>
  );
}
