/** Listed in ADMIN_EMAILS by global setup: whoever signs up with it is an admin (one journey uses each). */
export const adminJourneyEmail = 'admin-journey@example.com';
/** The admin of e2e/admin-more.spec.ts (partners, promotions, applications and feedback). */
export const adminMoreJourneyEmail = 'admin-more-journey@example.com';
