import type { WebsiteDocument, WebsiteMeta, WebsitePage, WebsiteTemplate } from './websites.ts';

/**
 * Spec §3 "Website: default template values": what a new site starts with. Every template
 * passes websiteDocument (a test checks), so a fresh site can be saved and published as it is.
 */
export function templateDocument(template: WebsiteTemplate, name: string): WebsiteDocument {
  const theme =
    template === 'league'
      ? { primaryColor: '#1c3d8f', accentColor: '#f2b705', logoUrl: '', fontFamily: 'serif' as const }
      : { primaryColor: '#1f7a4d', accentColor: '#f76707', logoUrl: '', fontFamily: 'system' as const };
  const home: WebsitePage = {
    id: 'page-home',
    title: 'Home',
    path: '',
    content: [
      {
        type: 'Hero',
        props: {
          id: 'hero-1',
          heading: name,
          text:
            template === 'league'
              ? 'Games every week, standings and registration for the season.'
              : 'A friendly club for players of every level. Come and play with us.',
          imageUrl: '',
          buttonLabel: 'Join us',
          buttonHref: '/join',
        },
      },
      { type: 'UpcomingEvents', props: { id: 'events-1', heading: 'Upcoming games', limit: 5 } },
      { type: 'Seasons', props: { id: 'seasons-1', heading: 'Seasons' } },
    ],
  };
  const join: WebsitePage = {
    id: 'page-join',
    title: 'Join',
    path: 'join',
    content: [
      {
        type: 'RichText',
        props: {
          id: 'join-text',
          heading: 'How to join',
          content: [
            {
              type: 'paragraph',
              runs: [{ text: 'Fill in the registration form below and an organizer will be in touch.' }],
            },
          ],
        },
      },
      { type: 'Form', props: { id: 'form-1', heading: 'Registration', formId: '', buttonLabel: 'Register' } },
    ],
  };
  const contact: WebsitePage = {
    id: 'page-contact',
    title: 'Contact',
    path: 'contact',
    content: [
      {
        type: 'Contact',
        props: {
          id: 'contact-1',
          heading: 'Contact us',
          text: 'Questions? Write to us.',
          email: '',
          phone: '',
          address: '',
        },
      },
      { type: 'Map', props: { id: 'map-1', heading: 'Where we play' } },
    ],
  };
  const league: WebsitePage[] = [
    {
      id: 'page-schedule',
      title: 'Schedule',
      path: 'schedule',
      content: [{ type: 'Schedule', props: { id: 'schedule-1', heading: 'Schedule' } }],
    },
    {
      id: 'page-teams',
      title: 'Players',
      path: 'players',
      content: [
        { type: 'Roster', props: { id: 'roster-1', heading: 'Players' } },
        { type: 'Sponsors', props: { id: 'sponsors-1', heading: 'Our sponsors', sponsors: [] } },
      ],
    },
  ];
  return { theme, pages: template === 'league' ? [home, ...league, join, contact] : [home, join, contact] };
}

export function templateMeta(name: string): WebsiteMeta {
  return { title: name.slice(0, 80).padEnd(2, ' ').trim() || 'My website', description: '', logoUrl: '' };
}

/** The page a site sub-path shows: '' or '/' is home; trailing slashes and case do not matter. */
export function pageByPath(document: WebsiteDocument, subPath: string | undefined): WebsitePage | undefined {
  const wanted = (subPath ?? '').replace(/^\/+|\/+$/g, '').toLowerCase();
  return document.pages.find((page) => page.path === wanted);
}
