import { signedIn, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Public pictures (form covers, site images): anyone signed in may upload one; it is used only
// once saved with a form or site they may edit.
export const imageRows: MatrixRow[] = [
  { route: 'POST /api/images', call: () => ({ photo: true }), expect: signedIn(200) },
];
