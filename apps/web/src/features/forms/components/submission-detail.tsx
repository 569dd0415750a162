import type { CheckedAnswer, FormField, Submission } from '@huddle/shared/forms';
import { formUploadDownloadPath } from '@huddle/shared/uploads';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteSubmission } from '../api/delete-submission.ts';
import { useWithdrawSubmission } from '../api/withdraw-submission.ts';
import { useUpdateSubmission } from '../api/update-submission.ts';
import { formatAnswer } from '../answer-format.ts';
import { formatSize } from '../file-answer.ts';
import { EndSubmissionButton } from './end-submission-button.tsx';
import { SubmissionPaymentCard } from './submission-payment-card.tsx';
import { submissionStatusColors, submissionStatusNames } from '../form-status.ts';

const sent = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** form/{id}/{submissionId}: every answer given, the organizers' mark and note. */
export function SubmissionDetail({
  submission,
  fields,
  formTitle,
  canManage,
  addToTeamPath,
}: {
  submission: Submission;
  fields: FormField[];
  formTitle: string;
  /** Readers of the form's submissions may mark and comment; the person who sent it only reads. */
  canManage: boolean;
  /** A team's form, a signed-in filler: where an organizer adds them to the team (spec §2). */
  addToTeamPath?: string | undefined;
}) {
  const update = useUpdateSubmission();
  const remove = useDeleteSubmission();
  const withdraw = useWithdrawSubmission();
  const navigate = useNavigate();
  const ids = { formId: submission.formId, submissionId: submission.id };
  const [comment, setComment] = useState(submission.comment);
  // Shown at once; put back if the save fails.
  const [marked, setMarked] = useState(submission.marked);
  const [error, setError] = useState<string | null>(null);
  const [commentSaved, setCommentSaved] = useState(false);

  const save = async (body: { marked?: boolean; comment?: string }) => {
    setError(null);
    try {
      await update.mutateAsync({ formId: submission.formId, submissionId: submission.id, body });
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={`/form/${submission.formId}/submissions`}>
        ← Submissions of {formTitle}
      </Anchor>
      <Group gap="xs">
        <Title order={1}>{submission.name}</Title>
        <Badge color={submissionStatusColors[submission.status]}>{submissionStatusNames[submission.status]}</Badge>
      </Group>
      <Text c="dimmed">
        {submission.email} · sent {sent.format(new Date(submission.submittedAt))}
        {submission.userId ? '' : ' · as a visitor'}
      </Text>
      <SubmissionAnswers submission={submission} fields={fields} />
      <SubmissionPaymentCard submission={submission} canManage={canManage} />
      {addToTeamPath ? (
        <Anchor component={Link} to={addToTeamPath} fw={600}>
          Add {submission.name} to the team
        </Anchor>
      ) : null}
      {canManage ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Switch
              label="Marked"
              checked={marked}
              onChange={(event) => {
                const next = event.currentTarget.checked;
                setMarked(next);
                void save({ marked: next }).then((ok) => {
                  if (!ok) setMarked(!next);
                });
              }}
            />
            <Textarea
              label="Comment"
              description="Only the form’s organizers read it."
              autosize
              minRows={2}
              maxLength={2000}
              value={comment}
              onChange={(event) => {
                setComment(event.currentTarget.value);
                setCommentSaved(false);
              }}
            />
            <Group gap="sm">
              <Button
                w="fit-content"
                loading={update.isPending}
                disabled={comment === submission.comment}
                onClick={() => void save({ comment }).then((ok) => setCommentSaved(ok))}
              >
                Save comment
              </Button>
              {commentSaved ? (
                <Text c="dimmed" role="status">
                  Comment saved
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Card>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {canManage ? (
        <EndSubmissionButton
          end="delete"
          onConfirm={async () => {
            await remove.mutateAsync(ids);
            await navigate(`/form/${submission.formId}/submissions`);
          }}
        />
      ) : submission.status !== 'cancelled' ? (
        <EndSubmissionButton end="withdraw" onConfirm={() => withdraw.mutateAsync(ids)} />
      ) : null}
    </Stack>
  );
}

/** A file answer: each file's name, a link that downloads it (the server checks who asks). */
function SubmittedFiles({ submission, answer }: { submission: Submission; answer: CheckedAnswer | undefined }) {
  const ids = typeof answer === 'object' && answer !== null && 'uploadIds' in answer ? answer.uploadIds : [];
  return (
    <Stack component="dd" m={0} gap={2}>
      {ids.map((id) => {
        const file = submission.files[id];
        return (
          <Anchor
            key={id}
            href={formUploadDownloadPath(submission.formId, id)}
            download
            style={{ overflowWrap: 'anywhere' }}
          >
            {file ? `${file.name} (${formatSize(file.sizeBytes)})` : 'A file'}
          </Anchor>
        );
      })}
    </Stack>
  );
}

/** Every answer given, labelled by its field, headings kept as section titles. */
export function SubmissionAnswers({ submission, fields }: { submission: Submission; fields: FormField[] }) {
  const answered = fields.filter((field) => field.type === 'heading' || submission.answers[field.id] !== undefined);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm" component="dl" m={0}>
        {answered.map((field) =>
          field.type === 'heading' ? (
            <Title key={field.id} order={2} size="h5">
              {field.label}
            </Title>
          ) : (
            <div key={field.id}>
              <Text component="dt" fw={600}>
                {field.label}
              </Text>
              {field.type === 'file' ? (
                <SubmittedFiles submission={submission} answer={submission.answers[field.id]} />
              ) : (
                <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {formatAnswer(field, submission.answers[field.id])}
                </Text>
              )}
            </div>
          ),
        )}
      </Stack>
    </Card>
  );
}
