import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { ForgotPasswordForm } from '../../features/accounts/components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <>
      <AuthHeading
        title="Forgot your password?"
        description="Enter the email you signed up with and we will send you a link to set a new one."
      />
      <ForgotPasswordForm />
    </>
  );
}
