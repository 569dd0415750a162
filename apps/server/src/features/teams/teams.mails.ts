import escapeHtml from 'escape-html';
import { teamNameLength } from '@huddle/shared/teams';

/**
 * Text an organizer wrote (a team name), as it may appear in a mail Huddle sends to any
 * address: one line, no control characters, capped, and with anything a mail client would
 * turn into a link (a URL, www., a domain, an email address) defused as "example[.]com". The
 * only link in an invitation is Huddle's own.
 */
export function organizerTextForMail(text: string, maxLength: number = teamNameLength.max): string {
  const oneLine = text
    // Invisible format characters (bidi overrides, zero-width joiners) could disguise the text.
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  const capped = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1).trimEnd()}…` : oneLine;
  // Dots as clients read them in host names: ASCII, full-width and ideographic.
  return capped
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}_-])[.\uFF0E\u3002\uFF61](?=[\p{L}\p{N}_-]{2,})/gu, '[.]');
}

const roleArticle = (role: string) => (/^[aeiou]/.test(role) ? 'an' : 'a');

/**
 * The invitation mail: Huddle's words around the organizer's team name, which is plain text in
 * the text part and escaped in the HTML part; the one link is the invitation's.
 */
export function invitationMail({
  teamName,
  role,
  url,
  expiresInDays,
}: {
  teamName: string;
  role: 'organizer' | 'player' | 'substitute';
  url: string;
  expiresInDays: number;
}) {
  const team = organizerTextForMail(teamName);
  const lasts = `${expiresInDays} day${expiresInDays === 1 ? '' : 's'}`;
  const invited = `You're invited to join the team “${team}” on Huddle as ${roleArticle(role)} ${role}.`;
  const ignore = 'If you do not know this team, ignore this mail: nothing happens unless you open the link.';
  return {
    subject: `Invitation to join “${team}” on Huddle`,
    text: `Hi,\n\n${invited} Open this link to join (it works for ${lasts}):\n\n${url}\n\n${ignore}\n`,
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; line-height: 1.5">',
      '<p>Hi,</p>',
      `<p>${escapeHtml(invited)}</p>`,
      `<p><a href="${escapeHtml(url)}">Join the team on Huddle</a> (the link works for ${lasts}).</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
