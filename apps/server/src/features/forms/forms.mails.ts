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
      ? `Your answers to “${title}” were received. The form is full, so you are on its waitlist; the organizer will be in touch.`
      : `Your answers to “${title}” were received.`;
  const note = !mail.repeated && mail.confirmation ? `\n\n${organizerTextForMail(mail.confirmation, 1000)}` : '';
  return {
    subject: mail.repeated ? `Already received: ${title}` : `Received: ${title}`,
    text: `${greeting ? `Hi ${greeting},` : 'Hi,'}\n\n${what}${note}\n\n${mail.link}\n\nIf you did not fill in this form, ignore this mail.\n`,
  };
}
