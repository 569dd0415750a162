import { organizerTextForMail } from '../teams/teams.mails.ts';

/**
 * What a guest registration did, mailed to the address it gave (issue 10: the reply is the same
 * for every email, so only the mail says what happened). Anyone can type any address, so every
 * text someone else wrote (the team name, the season label, the name the requester gave) is
 * defused to one plain line: the team page link is the mail's only link.
 */
interface RegistrationMail {
  name: string;
  teamName: string;
  seasonLabel: string;
  link: string;
}

/** The longest season label (seasonBody) and guest name (registerBody). */
const seasonLabelMaxLength = 80;
const guestNameMaxLength = 100;

const greetingFor = (name: string) => {
  const plain = organizerTextForMail(name, guestNameMaxLength);
  return plain ? `Hi ${plain},` : 'Hi,';
};
const seasonOf = ({ teamName, seasonLabel }: RegistrationMail) =>
  `the ${organizerTextForMail(seasonLabel, seasonLabelMaxLength)} season of “${organizerTextForMail(teamName)}”`;
const subjectLabel = ({ seasonLabel }: RegistrationMail) => organizerTextForMail(seasonLabel, seasonLabelMaxLength);
const notYou = 'If you did not ask for this, ignore this mail.';

/** A new guest registration: it is pending until an organizer approves it. */
export function guestRegisteredMail(mail: RegistrationMail) {
  return {
    subject: `Registered: ${subjectLabel(mail)}`,
    text: `${greetingFor(mail.name)}\n\nYou are registered as a guest for ${seasonOf(mail)}. The organizers will confirm your place:\n\n${mail.link}\n\nIf you sign up to Huddle later with this email, the registration moves to your account. ${notYou}\n`,
  };
}

/** A guest registration asked again for an address already registered: nothing changed. */
export function guestAlreadyRegisteredMail(mail: RegistrationMail) {
  return {
    subject: `Already registered: ${subjectLabel(mail)}`,
    text: `${greetingFor(mail.name)}\n\nSomeone asked to register for ${seasonOf(mail)} as a guest with this email address. It is registered already, so nothing changed:\n\n${mail.link}\n`,
  };
}

/**
 * A guest registration gave the email of an account: no guest registration is made for it (its
 * holder registers signed in), and the holder is told so instead of the requester.
 */
export function guestRegistrationForAccountMail(mail: RegistrationMail) {
  return {
    subject: `Sign in to register: ${subjectLabel(mail)}`,
    text: `${greetingFor(mail.name)}\n\nSomeone asked to register for ${seasonOf(mail)} as a guest with this email address. It belongs to your Huddle account, so we did not register a guest. To register, sign in and register from the team page:\n\n${mail.link}\n\nIf it was not you, ignore this mail: nothing changed.\n`,
  };
}

/** Decision 043: an organizer refunded a paid registration; it ended. To the payer's address. */
export function registrationRefundedMail(mail: RegistrationMail & { amount: string }) {
  return {
    subject: `Refunded: ${subjectLabel(mail)}`,
    text: `${greetingFor(mail.name)}\n\nThe organizers of ${seasonOf(mail)} refunded your registration in full (${mail.amount}), so you are no longer registered for it. A card refund takes 5 to 10 days to show on your statement.\n\n${mail.link}\n`,
  };
}
