import type { FormStatus, SubmissionPaymentState, SubmissionStatus } from '@huddle/shared/forms';

export const formStatusNames: Record<FormStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  closed: 'Closed',
};

export const submissionStatusNames: Record<SubmissionStatus, string> = {
  submitted: 'Submitted',
  waitlisted: 'Waitlisted',
  awaiting_payment: 'Awaiting payment',
  cancelled: 'Cancelled',
};

// Filled badges in shades dark enough for white text at 4.5:1 (axe runs on every page).
export const formStatusColors: Record<FormStatus, string> = {
  draft: 'gray.9',
  published: 'huddle.9',
  closed: 'grape.9',
};
export const submissionStatusColors: Record<SubmissionStatus, string> = {
  submitted: 'huddle.9',
  waitlisted: 'grape.9',
  awaiting_payment: 'red.9',
  cancelled: 'gray.9',
};

export const paymentStateColors: Record<SubmissionPaymentState, string> = {
  unpaid: 'red.9',
  deposit_paid: 'blue.9',
  paid: 'huddle.9',
  partially_refunded: 'grape.9',
  refunded: 'gray.9',
};
