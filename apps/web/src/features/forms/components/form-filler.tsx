import {
  checkAnswer,
  formMessages,
  paymentLines,
  splitDeposit,
  visibleFields,
  type FormAnswers,
  type FormField,
  type SubmissionStatus,
} from '@huddle/shared/forms';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCents } from '../../../lib/format-cents.ts';
import { focusFirstInvalidField } from '../../../lib/focus-first-error.ts';
import { useSubmitForm } from '../api/submit-form.ts';
import { forgetKeptFilling, keptFillingKey, readKeptFilling, useKeptFilling } from '../kept-answers.ts';
import {
  answersToSend,
  checkGuest,
  checkPage,
  nextPageIndex,
  pageAt,
  pageOfFirstError,
  previousPageIndex,
  shownPages,
  submitErrors,
} from '../filler-flow.ts';
import { FieldInput } from './field-input.tsx';
import { randomUuid } from '../../../lib/random-uuid.ts';

export type FillerForm = {
  title: string;
  description: string;
  team: { id: string; name: string } | null;
  fields: FormField[];
  /** A linked season's fee: one more line of the total (decision 036). */
  seasonFee?: { label: string; feeCents: number } | null;
  depositCents?: number | null;
};

type Submitted = { status: SubmissionStatus; confirmationMessage: string };

/** The running total of what the answers so far buy; the server computes its own from the saved form. */
function runningTotal(form: FillerForm, answers: FormAnswers) {
  const bought = Object.fromEntries(
    visibleFields(form.fields, answers).flatMap((field) => {
      if (field.type !== 'payment') return [];
      const result = checkAnswer(field, answers[field.id]);
      return result.ok && typeof result.value === 'number' ? [[field.id, result.value]] : [];
    }),
  );
  const { total } = paymentLines(form.fields, bought, form.seasonFee ?? null);
  return { total, ...splitDeposit(total, form.depositCents ?? null) };
}

type FormFillerProps = {
  form: FillerForm;
  /** Live: submits to this form. Absent: the builder's preview (nothing is sent). */
  formId?: string;
  /** Signed in: not asked (spec: prefilled from the profile). Null: a visitor types them first. */
  prefill: { name: string; email: string } | null;
  /** Say so above the submit button when the form is full and takes a waitlist. */
  waitlistOnly?: boolean;
  /** Why it cannot be sent (a draft preview); the button is off. */
  submitDisabledReason?: string;
};

/** A form to fill, page by page (issue 14): the same component on form/{id} and in the builder's preview. */
export function FormFiller({ form, formId, prefill, waitlistOnly = false, submitDisabledReason }: FormFillerProps) {
  const storageKey = formId ? keptFillingKey(formId) : null;
  const saved = useMemo(() => readKeptFilling(storageKey), [storageKey]);
  const [answers, setAnswers] = useState<FormAnswers>(saved?.answers ?? {});
  const [guest, setGuest] = useState(saved?.guest ?? { name: '', email: '' });
  const [wantedPage, setWantedPage] = useState(saved?.page ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Submitted | null>(null);
  // One per filling, kept across retries: the server makes one submission of repeated sends.
  const [clientId] = useState(() => saved?.clientId ?? randomUuid());
  const submit = useSubmitForm();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const money = runningTotal(form, answers);

  useKeptFilling(storageKey, { answers, clientId, guest, page: wantedPage }, !done);

  const pages = shownPages(form.fields, answers);
  const page = pageAt(pages, wantedPage);
  const next = nextPageIndex(pages, page.index);
  const previous = previousPageIndex(pages, page.index);
  const position = pages.findIndex((item) => item.index === page.index) + 1;

  const setAnswer = (fieldId: string, value: unknown) => {
    setAnswers((current) => ({ ...current, [fieldId]: value }));
    setErrors(({ [fieldId]: _cleared, ...rest }) => rest);
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    focusFirstInvalidField(formRef.current);
  };

  const checkCurrentPage = () => ({
    ...(page.index === pages[0]?.index && !prefill ? checkGuest(guest) : {}),
    ...checkPage(page, answers),
  });

  const goTo = (index: number) => {
    setWantedPage(index);
    setFormError(null);
    window.scrollTo({ top: 0 });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkCurrentPage();
    if (Object.keys(found).length > 0) return showErrors(found);
    if (next !== null) return goTo(next);
    if (!formId || submitDisabledReason) return;
    setFormError(null);
    try {
      const reply = await submit.mutateAsync({
        formId,
        body: { clientId, answers: answersToSend(form.fields, answers), guest: prefill ? null : guest },
      });
      forgetKeptFilling(storageKey);
      // Something is due: on to its payment page, which opens Checkout (decision 036).
      if (reply.paymentPath && reply.status === 'awaiting_payment') return void navigate(reply.paymentPath);
      setDone({ status: reply.status, confirmationMessage: reply.confirmationMessage });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fieldErrors = submitErrors(error.fieldMessages);
      if (Object.keys(fieldErrors).length > 0) {
        // Back to the page holding the first error, its message beside its field.
        setWantedPage(pageOfFirstError(form.fields, answers, fieldErrors));
        showErrors(fieldErrors);
      }
      setFormError(error.message);
    }
  };

  if (done) {
    return (
      <Stack gap="sm" role="status">
        <Title order={2} size="h3">
          {done.status === 'waitlisted' ? 'You are on the waitlist' : 'Sent'}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>
          {done.status === 'waitlisted'
            ? formMessages.waitlisted
            : done.confirmationMessage || formMessages.defaultConfirmation}
        </Text>
      </Stack>
    );
  }

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={form.title}>
      <Stack gap="md">
        {pages.length > 1 ? (
          <Text c="dimmed" size="sm" aria-live="polite">
            Page {position} of {pages.length}
          </Text>
        ) : null}
        {page.pageBreak ? (
          <Stack gap={2}>
            <Title order={2} size="h4">
              {page.pageBreak.label}
            </Title>
            {page.pageBreak.help ? <Text c="dimmed">{page.pageBreak.help}</Text> : null}
          </Stack>
        ) : null}
        {page.index === pages[0]?.index && !prefill ? (
          <Stack gap="sm">
            <TextInput
              label="Your name"
              required
              autoComplete="name"
              value={guest.name}
              error={errors['guest.name']}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setGuest((current) => ({ ...current, name }));
              }}
            />
            <TextInput
              label="Your email"
              type="email"
              required
              autoComplete="email"
              value={guest.email}
              error={errors['guest.email']}
              onChange={(event) => {
                const email = event.currentTarget.value;
                setGuest((current) => ({ ...current, email }));
              }}
            />
          </Stack>
        ) : null}
        {page.fields.map((field) => (
          <FieldInput
            key={field.id}
            field={field}
            value={answers[field.id]}
            error={errors[field.id]}
            onChange={(value) => setAnswer(field.id, value)}
            {...(formId && { upload: { formId, clientId } })}
          />
        ))}
        {form.fields.length === 0 ? <Text c="dimmed">This form has no questions yet.</Text> : null}
        {money.total > 0 ? (
          <Text fw={600} aria-live="polite">
            Total: {formatCents(money.total)}
            {money.balance > 0
              ? ` (${formatCents(money.dueNow)} deposit now, ${formatCents(money.balance)} later)`
              : ''}
          </Text>
        ) : null}
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        {next === null && waitlistOnly ? (
          <Alert color="yellow">The form is full: what you send puts you on the waitlist.</Alert>
        ) : null}
        {next === null && submitDisabledReason ? <Text c="dimmed">{submitDisabledReason}</Text> : null}
        <Group justify="space-between">
          {previous !== null ? (
            <Button variant="default" onClick={() => goTo(previous)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {next !== null ? (
            <Button type="submit">Next</Button>
          ) : (
            <Button type="submit" loading={submit.isPending} disabled={!formId || Boolean(submitDisabledReason)}>
              Submit
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
