import type { AdminFeedback } from '@huddle/shared/admin';
import { displayNameFallback } from '@huddle/shared/limits';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  changeFeedbackHandled,
  findFeedbackRow,
  listFeedbackRows,
  type FeedbackWithAuthor,
  type InboxFilter,
} from './feedback.repository.ts';

// Feedback from home as admins read it (issue 17); the admin area checks the role.

const feedbackOf = ({ feedback, userName, userEmail }: FeedbackWithAuthor): AdminFeedback => ({
  id: feedback.id,
  message: feedback.message,
  rating: feedback.rating,
  userId: feedback.userId,
  // An account that never chose a name reads as the spec's fallback; null once it is deleted.
  userName: userEmail === null ? null : userName || displayNameFallback,
  userEmail,
  createdAt: feedback.createdAt.toISOString(),
  handledAt: feedback.handledAt?.toISOString() ?? null,
});

/** Newest first. */
export async function listFeedback(
  db: Database,
  query: { state: InboxFilter; limit: number },
): Promise<AdminFeedback[]> {
  return (await listFeedbackRows(db, query)).map(feedbackOf);
}

/** Marks it handled (or not); `changed` is false when it already was so. */
export async function setFeedbackHandled(
  db: Database,
  { feedbackId, handled, now }: { feedbackId: string; handled: boolean; now: Date },
): Promise<{ feedback: AdminFeedback; changed: boolean }> {
  const changed = await changeFeedbackHandled(db, { id: feedbackId, handledAt: handled ? now : null });
  const row = await findFeedbackRow(db, feedbackId);
  if (!row) throw new AppError('NOT_FOUND', 'Feedback not found');
  return { feedback: feedbackOf(row), changed };
}
