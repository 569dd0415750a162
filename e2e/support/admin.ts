/**
 * Listed in ADMIN_EMAILS by global setup: whoever signs up with one is an admin. Each admin
 * journey has its own, one per Playwright project, so the desktop and 375 px runs of a journey
 * (at the same time, on the same server) never sign up the same person twice.
 */
export const adminJourneys = ['admin', 'admin-partners', 'admin-promotions', 'admin-inbox'] as const;
const projects = ['desktop', 'mobile'] as const;

export function adminEmail(journey: (typeof adminJourneys)[number], project: string): string {
  return `${journey}-journey-${project}@example.com`;
}

export const allAdminJourneyEmails = adminJourneys.flatMap((journey) =>
  projects.map((project) => adminEmail(journey, project)),
);
