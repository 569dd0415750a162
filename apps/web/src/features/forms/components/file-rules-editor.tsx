import { formFileKindLabels, formFileKinds, formLimits, type FormField } from '@huddle/shared/forms';
import { Checkbox, Group, NumberInput } from '@mantine/core';

type FileField = Extract<FormField, { type: 'file' }>;

/** A file question's rules (decision 037): the kinds from the fixed allow-list, the size and how many. */
export function FileRulesEditor({
  field,
  errors,
  onChange,
}: {
  field: FileField;
  errors: Record<string, string>;
  onChange: (patch: Partial<FileField>) => void;
}) {
  const whole = (value: string | number, fallback: number) => (typeof value === 'number' ? value : fallback);
  return (
    <>
      <Checkbox.Group
        label="Accepted files"
        value={field.accept}
        error={errors.accept}
        onChange={(picked) =>
          onChange({ accept: formFileKinds.filter((kind) => picked.includes(kind)) as FileField['accept'] })
        }
      >
        <Group gap="md" mt={4}>
          {formFileKinds.map((kind) => (
            <Checkbox key={kind} value={kind} label={formFileKindLabels[kind]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Largest file (MB)"
          value={field.maxSizeMb}
          min={1}
          max={formLimits.fileSizeMb}
          allowDecimal={false}
          error={errors.maxSizeMb}
          onChange={(value) => onChange({ maxSizeMb: whole(value, formLimits.fileSizeMb) })}
        />
        <NumberInput
          label="Most files"
          value={field.maxFiles}
          min={1}
          max={formLimits.files}
          allowDecimal={false}
          error={errors.maxFiles}
          onChange={(value) => onChange({ maxFiles: whole(value, 1) })}
        />
      </Group>
    </>
  );
}
