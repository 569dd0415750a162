import type { FieldCondition, FormField } from '@huddle/shared/forms';
import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { isChoiceField } from '../field-types.ts';

/** "Show only when [earlier question] is [answer]" for a field or a page break (issue 14). */
export function ConditionEditor({
  subject,
  sources,
  condition,
  error,
  onChange,
}: {
  /** "this field" or "this page". */
  subject: string;
  sources: FormField[];
  condition: FieldCondition | undefined;
  error?: string;
  onChange: (condition: FieldCondition | null) => void;
}) {
  if (sources.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Add a question above to show {subject} only for some answers.
      </Text>
    );
  }
  const source = sources.find((field) => field.id === condition?.fieldId);
  const firstAnswer = (field: FormField) =>
    isChoiceField(field) ? (field.options[0]?.id ?? '') : field.type === 'checkbox' ? 'true' : '';
  let answerInput = null;
  if (source && condition) {
    const answerChoices = isChoiceField(source)
      ? source.options.map((item) => ({ value: item.id, label: item.label }))
      : source.type === 'checkbox'
        ? [
            { value: 'true', label: 'ticked' },
            { value: 'false', label: 'not ticked' },
          ]
        : null;
    answerInput = answerChoices ? (
      <NativeSelect
        label="Answer is"
        data={answerChoices}
        value={condition.equals}
        error={error}
        onChange={(event) => onChange({ fieldId: source.id, equals: event.currentTarget.value })}
      />
    ) : (
      <TextInput
        label="Answer is"
        value={condition.equals}
        error={error}
        onChange={(event) => onChange({ fieldId: source.id, equals: event.currentTarget.value })}
      />
    );
  }
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label={`Show ${subject} only when`}
        value={condition?.fieldId ?? ''}
        data={[
          { value: '', label: 'Always show' },
          ...sources.map((field) => ({ value: field.id, label: field.label })),
        ]}
        onChange={(event) => {
          const picked = sources.find((field) => field.id === event.currentTarget.value);
          onChange(picked ? { fieldId: picked.id, equals: firstAnswer(picked) || 'yes' } : null);
        }}
      />
      {answerInput}
    </Group>
  );
}
