import { formLimits, type FieldCondition, type FormField } from '@huddle/shared/forms';
import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { fieldTypeNames, isChoiceField } from '../field-types.ts';
import { ConditionEditor } from './condition-editor.tsx';
import { FileRulesEditor } from './file-rules-editor.tsx';
import { OptionListEditor } from './option-list-editor.tsx';

type FieldEditorProps = {
  field: FormField;
  /** Earlier questions this one may depend on. */
  sources: FormField[];
  /** Server messages for this field by property (`label`, `options`, `showWhen.equals`). */
  errors: Record<string, string>;
  onChange: (patch: Partial<FormField>) => void;
  onCondition: (condition: FieldCondition | null) => void;
};

/** A number rule's box: empty means no rule. */
function RuleNumber({
  label,
  value,
  error,
  min,
  allowDecimal = false,
  onChange,
}: {
  label: string;
  value: number | undefined;
  error?: string;
  min?: number;
  allowDecimal?: boolean;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <NumberInput
      label={label}
      value={value ?? ''}
      error={error}
      min={min}
      allowDecimal={allowDecimal}
      onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
    />
  );
}

/** Edits one field in place: its words, its rules and when it shows (issue 14). */
export function FieldEditor({ field, sources, errors, onChange, onCondition }: FieldEditorProps) {
  const layout = field.type === 'heading' || field.type === 'page_break';
  const typeName = fieldTypeNames[field.type];
  return (
    <Stack gap="sm">
      <TextInput
        label={field.type === 'page_break' ? 'Page title' : `${typeName} label`}
        required
        value={field.label}
        maxLength={formLimits.label}
        error={errors.label}
        onChange={(event) => onChange({ label: event.currentTarget.value })}
      />
      <Textarea
        label="Help text"
        description="Shown under the label."
        autosize
        minRows={1}
        value={field.help ?? ''}
        maxLength={formLimits.help}
        error={errors.help}
        onChange={(event) => onChange({ help: event.currentTarget.value || undefined })}
      />
      {layout ? null : (
        <Switch
          label={field.type === 'checkbox' ? 'Required (must be ticked)' : 'Required'}
          checked={field.required}
          onChange={(event) => onChange({ required: event.currentTarget.checked })}
        />
      )}
      {field.type === 'short_text' || field.type === 'long_text' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <RuleNumber
            label="Fewest characters"
            value={field.minLength}
            min={0}
            error={errors.minLength}
            onChange={(minLength) => onChange({ minLength })}
          />
          <RuleNumber
            label="Most characters"
            value={field.maxLength}
            min={1}
            error={errors.maxLength}
            onChange={(maxLength) => onChange({ maxLength })}
          />
        </SimpleGrid>
      ) : null}
      {field.type === 'short_text' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Answer must match (pattern)"
            description="A regular expression, such as ^[A-Z]{2}[0-9]{4}$"
            value={field.pattern?.regex ?? ''}
            error={errors['pattern.regex'] ?? errors.pattern}
            onChange={(event) => {
              const regex = event.currentTarget.value;
              onChange({ pattern: regex ? { regex, message: field.pattern?.message } : undefined });
            }}
          />
          <TextInput
            label="Message when it does not match"
            value={field.pattern?.message ?? ''}
            disabled={!field.pattern}
            error={errors['pattern.message']}
            onChange={(event) => {
              const message = event.currentTarget.value;
              if (field.pattern) onChange({ pattern: { regex: field.pattern.regex, message: message || undefined } });
            }}
          />
        </SimpleGrid>
      ) : null}
      {field.type === 'number' ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <RuleNumber
              label="Smallest"
              value={field.min}
              allowDecimal
              error={errors.min}
              onChange={(min) => onChange({ min })}
            />
            <RuleNumber
              label="Largest"
              value={field.max}
              allowDecimal
              error={errors.max}
              onChange={(max) => onChange({ max })}
            />
          </SimpleGrid>
          <Checkbox
            label="Whole numbers only"
            checked={field.wholeNumber}
            onChange={(event) => onChange({ wholeNumber: event.currentTarget.checked })}
          />
        </>
      ) : null}
      {field.type === 'date' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Earliest date"
            value={field.minDate ?? ''}
            error={errors.minDate}
            onChange={(event) => onChange({ minDate: event.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label="Latest date"
            value={field.maxDate ?? ''}
            error={errors.maxDate}
            onChange={(event) => onChange({ maxDate: event.currentTarget.value || undefined })}
          />
        </SimpleGrid>
      ) : null}
      {isChoiceField(field) ? (
        <OptionListEditor
          fieldLabel={field.label}
          options={field.options}
          // The list's own message, or the first about one option (`options.2.label`).
          error={errors.options ?? Object.entries(errors).find(([key]) => key.startsWith('options.'))?.[1]}
          onChange={(options) => onChange({ options })}
        />
      ) : null}
      {field.type === 'multiple_choice' ? (
        <Group grow>
          <RuleNumber
            label="Fewest picks"
            value={field.minSelected}
            min={0}
            error={errors.minSelected}
            onChange={(minSelected) => onChange({ minSelected })}
          />
          <RuleNumber
            label="Most picks"
            value={field.maxSelected}
            min={1}
            error={errors.maxSelected}
            onChange={(maxSelected) => onChange({ maxSelected })}
          />
        </Group>
      ) : null}
      {field.type === 'file' ? <FileRulesEditor field={field} errors={errors} onChange={onChange} /> : null}
      {field.type === 'payment' ? (
        <Stack gap="sm">
          <NumberInput
            label="Price (USD)"
            description={field.quantity ? 'Per item.' : 'Charged when the form is sent.'}
            required
            prefix="$"
            min={formLimits.price.min / 100}
            max={formLimits.price.max / 100}
            decimalScale={2}
            w={{ base: '100%', xs: 200 }}
            value={field.priceCents / 100}
            error={errors.priceCents}
            onChange={(next) =>
              onChange({ priceCents: typeof next === 'number' ? Math.round(next * 100) : 0 } as Partial<FormField>)
            }
          />
          <Checkbox
            label="The filler chooses a quantity"
            checked={field.quantity !== undefined}
            onChange={(event) =>
              onChange({
                quantity: event.currentTarget.checked ? { min: 0, max: 5 } : undefined,
              } as Partial<FormField>)
            }
          />
          {field.quantity ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <RuleNumber
                label="Fewest items"
                value={field.quantity.min}
                min={0}
                error={errors['quantity.min']}
                onChange={(min) =>
                  onChange({ quantity: { min: min ?? 0, max: field.quantity!.max } } as Partial<FormField>)
                }
              />
              <RuleNumber
                label="Most items"
                value={field.quantity.max}
                min={1}
                error={errors['quantity.max']}
                onChange={(max) =>
                  onChange({ quantity: { min: field.quantity!.min, max: max ?? 1 } } as Partial<FormField>)
                }
              />
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : null}
      {field.type === 'signature' ? (
        <Textarea
          label="Text to accept"
          required
          autosize
          minRows={3}
          maxRows={10}
          value={field.waiverText}
          maxLength={formLimits.waiverText}
          error={errors.waiverText}
          onChange={(event) => onChange({ waiverText: event.currentTarget.value })}
        />
      ) : null}
      <ConditionEditor
        subject={field.type === 'page_break' ? 'this page' : 'this field'}
        sources={sources}
        condition={field.showWhen}
        error={errors['showWhen.equals'] ?? errors['showWhen.fieldId'] ?? errors.showWhen}
        onChange={onCondition}
      />
    </Stack>
  );
}
