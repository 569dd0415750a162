import { organizerTextForMail } from '../teams/teams.mails.ts';

/**
 * What a filler is mailed (issue 14). Anyone can type any address into a public form, so the
 * mail holds no answer the filler typed, and the texts others wrote (the form's title, the
 * organizer's confirmation message, the name given) are defused to plain lines; the form's page
 * is the only link.
 */
export function formReceivedMail(mail: {
  name: string;
  formTitle: string;
  confirmation: string;
  waitlisted: boolean;
  repeated: boolean;
  link: string;
}) {
  const greeting = organizerTextForMail(mail.name, 100);
  const title = organizerTextForMail(mail.formTitle, 120);
  const what = mail.repeated
    ? `You have already filled in “${title}”, so nothing changed this time.`
    : mail.waitlisted
      ? `Your answers to “${title}” were received. The form is full, so you are on its waitlist; if a place opens, it is held for you and you are mailed.`
      : `Your answers to “${title}” were received.`;
  const note = !mail.repeated && mail.confirmation ? `\n\n${organizerTextForMail(mail.confirmation, 1000)}` : '';
  return {
    subject: mail.repeated ? `Already received: ${title}` : `Received: ${title}`,
    text: `${greeting ? `Hi ${greeting},` : 'Hi,'}\n\n${what}${note}\n\n${mail.link}\n\nIf you did not fill in this form, ignore this mail.\n`,
  };
}

/**
 * Decision 040: a place came free on a form's waitlist and is held for this filler until
 * `expiresAt`; the link is their payment page (with the key a visitor needs).
 */
export function placeOfferedMail(mail: {
  name: string;
  formTitle: string;
  /** What to pay and until when; null when the submission owes nothing and simply took the place. */
  offer: { amount: string; expiresAt: string } | null;
  link: string;
}) {
  const greeting = organizerTextForMail(mail.name, 100);
  const title = organizerTextForMail(mail.formTitle, 120);
  const what = mail.offer
    ? `A place opened in “${title}” and it is held for you. Pay ${mail.offer.amount} by ${mail.offer.expiresAt} to take it; after that it passes to the next person on the waitlist.`
    : `A place opened in “${title}”: you are off the waitlist and your submission counts.`;
  return {
    subject: `A place opened: ${title}`,
    text: `${greeting ? `Hi ${greeting},` : 'Hi,'}\n\n${what}\n\n${mail.link}\n\nIf you did not fill in this form, ignore this mail.\n`,
  };
}

/** Decision 040: a payer of a form linked to a season could not be registered (no place left): refunded. */
export function unregisteredRefundMail(mail: { name: string; formTitle: string; seasonLabel: string; amount: string }) {
  const greeting = organizerTextForMail(mail.name, 100);
  const title = organizerTextForMail(mail.formTitle, 120);
  const season = organizerTextForMail(mail.seasonLabel, 120);
  return {
    subject: `Refunded: ${title}`,
    text: `${greeting ? `Hi ${greeting},` : 'Hi,'}\n\nYour payment for “${title}” arrived after the last place in the ${season ? `“${season}” ` : ''}season was taken, so you could not be registered. Your payment of ${mail.amount} has been refunded in full.\n\nIf you did not fill in this form, ignore this mail.\n`,
  };
}

/**
 * Decision 059: a held submission's payment came after the sent ones had filled a limit lowered
 * below it: refunded, and the filler is back on the waitlist (or, on a form that closes when full,
 * not registered).
 */
export function formFullRefundMail(mail: { name: string; formTitle: string; amount: string; waitlisted: boolean }) {
  const greeting = organizerTextForMail(mail.name, 100);
  const title = organizerTextForMail(mail.formTitle, 120);
  const next = mail.waitlisted
    ? 'You are on the waitlist: if a place opens, it is held for you and you are mailed a link to pay for it.'
    : 'Your submission was withdrawn.';
  return {
    subject: `Refunded: ${title}`,
    text: `${greeting ? `Hi ${greeting},` : 'Hi,'}\n\nYour payment for “${title}” arrived after the organizer lowered the form’s limit, and no place was left for you. Your payment of ${mail.amount} has been refunded in full. ${next}\n\nIf you did not fill in this form, ignore this mail.\n`,
  };
}
