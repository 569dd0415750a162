import { organizerTextForMail } from '../teams/teams.mails.ts';

/**
 * Decision 059: a game's payment went through with no spot left to give, so it was refunded in
 * full. To the payer's address (it is about their money, whatever their notification settings).
 * `what` is the payment's description (the game's title and date): the organizer's text, defused.
 */
export function spotLostRefundMail(mail: {
  name: string;
  what: string;
  amount: string;
  reason: 'noRoom' | 'gone';
  link: string;
}) {
  const name = organizerTextForMail(mail.name, 100);
  const what = organizerTextForMail(mail.what, 200);
  const why =
    mail.reason === 'noRoom'
      ? 'went through after the organizer reduced the spots, and no spot was left for you'
      : 'went through after your spot was given up';
  const next =
    mail.reason === 'noRoom'
      ? '\n\nYou keep your turn on the waitlist: if a spot opens, it is offered to you and you pay then.'
      : '';
  return {
    subject: `Refunded: ${what}`,
    text: `${name ? `Hi ${name},` : 'Hi,'}\n\nYour payment for ${what} ${why}. It has been refunded in full (${mail.amount}); a card refund takes 5 to 10 days to show on your statement.${next}\n\n${mail.link}\n`,
  };
}
