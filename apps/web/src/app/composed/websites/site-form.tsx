import { checkAnswer } from '@huddle/contracts/forms';
import { formMessages, type FormAnswers, type PublicForm, type SubmissionStatus } from '@huddle/shared/forms';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { randomUuid } from '../../../lib/random-uuid.ts';
import { usePublicForm } from '../../../features/forms/api/get-public-form.ts';
import { useSubmitForm } from '../../../features/forms/api/submit-form.ts';
import { unavailableMessage } from '../../../features/forms/form-availability.ts';
import { answersToSend, checkGuest, submitErrors } from '../../../features/forms/filler-flow.ts';
import { blockersSentence, inlineForm, type InlineField } from '../../../features/forms/inline-fields.ts';
import {
  forgetKeptFilling,
  keptFillingKey,
  readKeptFilling,
  useKeptFilling,
} from '../../../features/forms/kept-answers.ts';
import classes from './site-form.module.css';

/*
 * A website's form block, filled where it stands (decision 049): the published form's questions as
 * plain HTML controls in the site's own styles, sent to the same public API as form/{id}. This
 * module is its own chunk, loaded only by pages with a form block: site.html's first load stays
 * without it and without the forms' checker.
 */

type FieldProps = {
  item: InlineField;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
  disabled: boolean;
};

/**
 * Focus on the first question showing an error, brought into view. Not lib/focus-first-error.ts:
 * the build groups that module with the sign-in pages' controls, and importing it here made this
 * chunk load Mantine's core with them. Called from an effect, once the errors are drawn: a reply's
 * errors are set outside an event, and React may draw them after the next animation frame.
 */
function focusFirstInvalidField(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid-field] input');
  field?.focus({ preventScroll: true });
  field?.scrollIntoView({ block: 'center', behavior: 'auto' });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The help and the error under a control, tied to it by aria-describedby. */
function useDescription(id: string, help: string | undefined, error: string | undefined) {
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {help ? (
        <p id={helpId} className={classes.help}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </>
  );
  return { describedBy, notes };
}

function Label({ htmlFor, label, required }: { htmlFor?: string; label: string; required: boolean }) {
  const content = (
    <>
      {label}
      {required ? (
        <span className={classes.required} aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  return htmlFor ? (
    <label className={classes.label} htmlFor={htmlFor}>
      {content}
    </label>
  ) : (
    <legend className={classes.label}>{content}</legend>
  );
}

/** One question: a labelled native control with its help and its error beside it. */
function InlineFieldControl({ item, value, error, onChange, disabled }: FieldProps) {
  const { field, control, attributes, options } = item;
  const id = `${useId()}-${field.id}`;
  const { describedBy, notes } = useDescription(id, field.help, error);
  const invalid = error ? true : undefined;

  if (control === 'heading') {
    return (
      <div className={classes.heading}>
        <h4>{field.label}</h4>
        {field.help ? <p className={classes.help}>{field.help}</p> : null}
      </div>
    );
  }

  if (control === 'radios' || control === 'checkboxes') {
    const picked = Array.isArray(value) ? (value as string[]) : [];
    return (
      // The group carries the error state, so focus goes to its first option (focus-first-error.ts).
      <fieldset className={classes.group} aria-describedby={describedBy} {...(error && { 'data-invalid-field': true })}>
        <Label label={field.label} required={field.required} />
        {options.map((option) => (
          <label key={option.id} className={classes.choice}>
            {control === 'radios' ? (
              <input
                type="radio"
                name={id}
                value={option.id}
                checked={value === option.id}
                required={field.required}
                disabled={disabled}
                onChange={() => onChange(option.id)}
              />
            ) : (
              <input
                type="checkbox"
                value={option.id}
                checked={picked.includes(option.id)}
                disabled={disabled}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? [...picked, option.id]
                      : picked.filter((picking) => picking !== option.id),
                  )
                }
              />
            )}
            {option.label}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }

  if (control === 'checkbox') {
    return (
      <div className={classes.field}>
        <label className={classes.choice}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            disabled={disabled}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <span className={classes.label}>
            {field.label}
            {field.required ? (
              <span className={classes.required} aria-hidden="true">
                {' '}
                *
              </span>
            ) : null}
          </span>
        </label>
        {notes}
      </div>
    );
  }

  const common = {
    id,
    className: classes.input,
    required: field.required,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    disabled,
  };
  let input: ReactNode;
  if (control === 'select') {
    input = (
      <select {...common} value={text(value)} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">Pick one</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (control === 'textarea') {
    input = (
      <textarea
        {...common}
        {...attributes}
        rows={4}
        value={text(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  } else {
    input = (
      <input
        {...common}
        {...attributes}
        value={text(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <div className={classes.field}>
      <Label htmlFor={id} label={field.label} required={field.required} />
      {input}
      {notes}
    </div>
  );
}

/** The visitor's name and email (spec §3: kept as an unregistered user), asked first as on form/{id}. */
function GuestField({
  name,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
  disabled,
}: {
  name: 'name' | 'email';
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const id = `${useId()}-guest-${name}`;
  const { describedBy, notes } = useDescription(id, undefined, error);
  return (
    <div className={classes.field}>
      <Label htmlFor={id} label={label} required />
      <input
        id={id}
        className={classes.input}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {notes}
    </div>
  );
}

/** A server error names a question this page does not show: the organizer added it since. */
const formChangedMessage = 'The form has changed since this page opened: reload the page to see every question.';

type Sent = { status: SubmissionStatus; confirmationMessage: string };

/**
 * The site's own classes (site.module.css), handed in by the block: importing that module (or the
 * site's context) here would split it out of site.html's first script into a file of its own.
 */
export type SiteClasses = CSSModuleClasses;

function InlineFiller({
  form,
  fields,
  buttonLabel,
  editing,
  site,
}: {
  form: PublicForm;
  fields: InlineField[];
  buttonLabel: string;
  editing: boolean;
  site: SiteClasses;
}) {
  // What the visitor typed survives a reload (the tab's storage, per form; not in the builder).
  const storageKey = editing ? null : keptFillingKey(form.id);
  const [saved] = useState(() => readKeptFilling(storageKey));
  const [answers, setAnswers] = useState<FormAnswers>(saved?.answers ?? {});
  const [guest, setGuest] = useState(saved?.guest ?? { name: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  // One per filling, kept across retries and reloads: the server makes one submission of repeated sends.
  const [clientId] = useState(() => saved?.clientId ?? randomUuid());
  useKeptFilling(storageKey, { answers, clientId, guest }, sent === null);
  const submit = useSubmitForm();
  const formRef = useRef<HTMLFormElement>(null);
  const prefill = form.prefill;

  const clearError = (key: string) => setErrors(({ [key]: _cleared, ...rest }) => rest);
  // Bumped with each set of errors shown: the effect below then moves focus to the first.
  const [errorsShown, setErrorsShown] = useState(0);
  useEffect(() => {
    if (errorsShown > 0) focusFirstInvalidField(formRef.current);
  }, [errorsShown]);
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    setErrorsShown((count) => count + 1);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (editing || submit.isPending) return;
    // The checker form/{id} and the server run (decision 031), so most mistakes show before a round trip.
    const found: Record<string, string> = prefill ? {} : checkGuest(guest);
    for (const { field } of fields) {
      const result = checkAnswer(field, answers[field.id]);
      if (!result.ok) found[field.id] = result.message;
    }
    setFormError(null);
    if (Object.keys(found).length > 0) return showErrors(found);
    try {
      const reply = await submit.mutateAsync({
        formId: form.id,
        body: { clientId, answers: answersToSend(form.fields, answers), guest: prefill ? null : guest },
      });
      forgetKeptFilling(storageKey);
      // The organizer added something to pay since this page loaded: on to its payment page.
      if (reply.paymentPath && reply.status === 'awaiting_payment') return window.location.assign(reply.paymentPath);
      setSent({ status: reply.status, confirmationMessage: reply.confirmationMessage });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The server's messages beside their fields (`answers.<id>`, `guest.email`): the form may
      // have changed since this page loaded, and the server has the last word.
      const fieldErrors = submitErrors(error.fieldMessages);
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      const drawn = new Set(['guest.name', 'guest.email', ...fields.map(({ field }) => field.id)]);
      const unseen = Object.keys(fieldErrors).some((key) => !drawn.has(key));
      setFormError(unseen ? `${error.message} ${formChangedMessage}` : error.message);
    }
  };

  if (sent) {
    return (
      <div className={classes.sent} role="status">
        <h3>{sent.status === 'waitlisted' ? 'You are on the waitlist' : 'Sent'}</h3>
        <p className={site.text}>
          {sent.status === 'waitlisted'
            ? formMessages.waitlisted
            : sent.confirmationMessage || formMessages.defaultConfirmation}
        </p>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      className={classes.form}
      noValidate
      aria-label={form.title}
      onSubmit={(event) => void onSubmit(event)}
    >
      {prefill ? null : (
        <>
          <GuestField
            name="name"
            label="Your name"
            type="text"
            autoComplete="name"
            value={guest.name}
            error={errors['guest.name']}
            disabled={editing}
            onChange={(name) => {
              setGuest((current) => ({ ...current, name }));
              clearError('guest.name');
            }}
          />
          <GuestField
            name="email"
            label="Your email"
            type="email"
            autoComplete="email"
            value={guest.email}
            error={errors['guest.email']}
            disabled={editing}
            onChange={(email) => {
              setGuest((current) => ({ ...current, email }));
              clearError('guest.email');
            }}
          />
        </>
      )}
      {fields.map((item) => (
        <InlineFieldControl
          key={item.field.id}
          item={item}
          value={answers[item.field.id]}
          error={errors[item.field.id]}
          disabled={editing}
          onChange={(value) => {
            setAnswers((current) => ({ ...current, [item.field.id]: value }));
            clearError(item.field.id);
          }}
        />
      ))}
      {formError ? (
        <p className={classes.alert} role="alert">
          {formError}
        </p>
      ) : null}
      {form.waitlistOnly ? (
        <p className={classes.help}>The form is full: what you send puts you on the waitlist.</p>
      ) : null}
      {prefill ? (
        <p className={classes.help}>
          Sending as {prefill.name} ({prefill.email}).
        </p>
      ) : null}
      {editing ? <p className={classes.help}>Visitors fill in and send this form on the published site.</p> : null}
      <div>
        <button
          type="submit"
          className={`${site.button} ${classes.submit}`}
          disabled={editing}
          aria-disabled={submit.isPending || undefined}
        >
          {submit.isPending ? 'Sending…' : buttonLabel || 'Send'}
        </button>
      </div>
    </form>
  );
}

/** The form block's body: the form inline, its state, or a link to form/{id} when it needs that page. */
export default function SiteForm({
  formId,
  buttonLabel,
  editing,
  site,
}: {
  formId: string;
  buttonLabel: string;
  /** In the builder's canvas: drawn as visitors see it, but nothing is sent. */
  editing: boolean;
  site: SiteClasses;
}) {
  const form = usePublicForm(formId);
  const missing = form.error instanceof ApiError && (form.error.status === 404 || form.error.status === 400);

  if (!form.data) {
    if (missing) return <p className={site.muted}>{formMessages.notFound}</p>;
    if (form.isError) {
      return (
        <p className={site.muted}>
          This form could not be loaded.{' '}
          <button type="button" className={classes.retry} onClick={() => void form.refetch()}>
            Try again
          </button>
        </p>
      );
    }
    return (
      <p className={site.muted} role="status">
        Loading the form…
      </p>
    );
  }

  const data = form.data;
  const shape = inlineForm(data);
  const unavailable = data.preview ? null : unavailableMessage(data);
  return (
    <div className={classes.block}>
      <h3 className={classes.title}>{data.title}</h3>
      {data.description ? <p className={site.text}>{data.description}</p> : null}
      {unavailable ? (
        <p className={classes.notice} role="status">
          {unavailable}
        </p>
      ) : shape.kind === 'link' ? (
        <>
          <p className={site.muted}>{blockersSentence(shape.blockers)}</p>
          <div>
            <a className={site.button} href={`/form/${data.id}`}>
              Fill in this form
            </a>
          </div>
        </>
      ) : (
        <InlineFiller form={data} fields={shape.fields} buttonLabel={buttonLabel} editing={editing} site={site} />
      )}
    </div>
  );
}
