import { signedIn, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 16, user-onboarding: each person reads and writes only their own progress (no id in the path).
export const onboardingRows: MatrixRow[] = [
  { route: 'GET /api/me/onboarding', expect: signedIn(200) },
  {
    route: 'PUT /api/me/onboarding/steps/{step}',
    call: () => ({ params: { step: 'sports' }, payload: { status: 'done' } }),
    expect: signedIn(200),
  },
  { route: 'POST /api/me/onboarding/dismiss', expect: signedIn(200) },
];
