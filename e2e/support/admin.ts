/** Listed in ADMIN_EMAILS by global setup: whoever signs up with it is an admin (one journey uses it). */
export const adminJourneyEmail = 'admin-journey@example.com';
