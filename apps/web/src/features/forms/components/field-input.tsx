import type { FormField } from '@huddle/shared/forms';
import {
  Box,
  Checkbox,
  NativeSelect,
  NumberInput,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatCents } from '../../../lib/format-cents.ts';
import { FileAnswerInput } from './file-answer-input.tsx';

type FieldInputProps = {
  field: FormField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  /** The live form and the filling, for file questions' uploads; absent in the builder's preview. */
  upload?: { formId: string; clientId: string };
};

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * One field as the filler sees it: a labelled control, its help as the description and its
 * error beside it (Mantine ties both to the input with aria-describedby). Headings show text.
 */
export function FieldInput({ field, value, error, onChange, upload }: FieldInputProps) {
  const common = {
    label: field.label,
    description: field.help || undefined,
    error,
    required: field.required,
  };
  switch (field.type) {
    case 'heading':
      return (
        <Stack gap={2}>
          <Title order={3} size="h4">
            {field.label}
          </Title>
          {field.help ? <Text c="dimmed">{field.help}</Text> : null}
        </Stack>
      );
    case 'page_break':
      return null;
    case 'short_text':
      return (
        <TextInput
          {...common}
          value={text(value)}
          maxLength={field.maxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text(value)}
          maxLength={field.maxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          autoComplete="email"
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'phone':
      return (
        <TextInput
          {...common}
          type="tel"
          autoComplete="tel"
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode={field.wholeNumber ? 'numeric' : 'decimal'}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          min={field.minDate}
          max={field.maxDate}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'single_choice':
      return (
        <Radio.Group {...common} value={text(value) || null} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {field.options.map((item) => (
              <Radio key={item.id} value={item.id} label={item.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {field.options.map((item) => (
              <Checkbox key={item.id} value={item.id} label={item.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'dropdown':
      return (
        <NativeSelect
          {...common}
          value={text(value)}
          data={[
            { value: '', label: 'Choose…' },
            ...field.options.map((item) => ({ value: item.id, label: item.label })),
          ]}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          description={field.help || undefined}
          error={error}
          required={field.required}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'signature':
      return (
        <Stack gap="xs">
          <Text fw={600} id={`${field.id}-waiver-title`}>
            {field.label}
          </Text>
          <Box
            component={ScrollArea.Autosize}
            mah={200}
            p="sm"
            bd="1px solid var(--mantine-color-default-border)"
            tabIndex={0}
            aria-labelledby={`${field.id}-waiver-title`}
          >
            <Text style={{ whiteSpace: 'pre-wrap' }}>{field.waiverText}</Text>
          </Box>
          <TextInput
            label="Type your full name to sign"
            description={field.help || 'Typing your name here signs the text above.'}
            error={error}
            required={field.required}
            autoComplete="name"
            value={text(value)}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        </Stack>
      );
    case 'payment': {
      const price = formatCents(field.priceCents);
      if (field.quantity) {
        return (
          <NumberInput
            {...common}
            description={[`${price} each`, field.help].filter(Boolean).join(' · ')}
            min={field.required ? Math.max(1, field.quantity.min) : 0}
            max={field.quantity.max}
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', xs: 200 }}
            value={typeof value === 'number' ? value : text(value)}
            onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
          />
        );
      }
      // A required fixed item is always bought: shown, not asked.
      return field.required ? (
        <Stack gap={2}>
          <Text fw={600}>
            {field.label}: {price}
          </Text>
          {field.help ? <Text c="dimmed">{field.help}</Text> : null}
        </Stack>
      ) : (
        <Checkbox
          label={`${field.label} (${price})`}
          description={field.help || undefined}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    }
    case 'file':
      return <FileAnswerInput field={field} value={value} error={error} onChange={onChange} upload={upload} />;
  }
}
