/**
 * The texts of the account mails. Plain text: it reads well in every client and in the log.
 * Each is account mail (decision 060): someone waits on its link to get in, so it passes notices.
 */
const greetingFor = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export function passwordResetMail({ name, link }: { name: string; link: string }) {
  return {
    priority: 'account' as const,
    subject: 'Reset your Huddle password',
    text: `${greetingFor(name)}\n\nSomeone asked to reset the password of your Huddle account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
  };
}

export function verificationMail({ name, link }: { name: string; link: string }) {
  return {
    priority: 'account' as const,
    subject: 'Confirm your email for Huddle',
    text: `${greetingFor(name)}\n\nWelcome to Huddle! Open this link within 24 hours to confirm your email address:\n\n${link}\n\nIf you did not sign up, ignore this mail.\n`,
  };
}
