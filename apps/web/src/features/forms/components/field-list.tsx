import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FieldCondition, FormField } from '@huddle/shared/forms';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { conditionSources } from '../builder-state.ts';
import { fieldTypeNames } from '../field-types.ts';
import { FieldEditor } from './field-editor.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

type FieldListProps = {
  fields: FormField[];
  errors: Record<string, string>;
  openFieldId: string | null;
  onOpen: (fieldId: string | null) => void;
  onChange: (fieldId: string, patch: Partial<FormField>) => void;
  onCondition: (fieldId: string, condition: FieldCondition | null) => void;
  onMove: (fieldId: string, to: number) => void;
  onDuplicate: (fieldId: string) => void;
  onRemove: (fieldId: string) => void;
};

/** This field's server messages, keyed by property. */
function errorsOf(errors: Record<string, string>, fieldId: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key === fieldId || key.startsWith(`${fieldId}.`))
      .map(([key, message]) => [key === fieldId ? 'field' : key.slice(fieldId.length + 1), message]),
  );
}

/**
 * The builder's fields in order: drag a card by its handle (pointer, or the keyboard: focus
 * the handle, Space, arrows, Space), or use Move up / Move down; open one to edit it in place.
 */
export function FieldList(props: FieldListProps) {
  const { fields, onMove } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = fields.findIndex((field) => field.id === over.id);
    if (to !== -1) onMove(String(active.id), to);
  };
  const labelOf = (id: string | number) => fields.find((field) => field.id === id)?.label ?? 'the field';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a field, press Space, use the arrow keys, then press Space again (Escape cancels).',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${labelOf(active.id)} is now at ${labelOf(over.id)}'s place.`
              : `${labelOf(active.id)} is outside the list.`,
          onDragEnd: ({ active, over }) =>
            over
              ? `${labelOf(active.id)} was dropped at ${labelOf(over.id)}'s place.`
              : `${labelOf(active.id)} was dropped.`,
          onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Fields">
          {fields.map((field, index) => (
            <SortableField key={field.id} field={field} index={index} {...props} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableField({
  field,
  index,
  fields,
  errors,
  openFieldId,
  onOpen,
  onChange,
  onCondition,
  onMove,
  onDuplicate,
  onRemove,
}: FieldListProps & { field: FormField; index: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
  });
  const open = openFieldId === field.id;
  const fieldErrors = errorsOf(errors, field.id);
  const hasErrors = Object.keys(fieldErrors).length > 0;
  const name = field.label || fieldTypeNames[field.type];
  return (
    <Card
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="sm"
      aria-label={`${fieldTypeNames[field.type]}: ${name}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        borderColor: hasErrors ? 'var(--mantine-color-error)' : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" size="sm">
              {fieldTypeNames[field.type]}
            </Badge>
            {field.required ? (
              <Badge variant="outline" size="sm">
                Required
              </Badge>
            ) : null}
            {field.showWhen ? (
              <Badge variant="outline" size="sm">
                Conditional
              </Badge>
            ) : null}
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {hasErrors && !open ? <ErrorText>{Object.values(fieldErrors).join(' ')}</ErrorText> : null}
        </Stack>
      </Group>
      <Group gap={4} mt="xs" wrap="wrap">
        <Button
          size="compact-sm"
          variant={open ? 'filled' : 'light'}
          onClick={() => onOpen(open ? null : field.id)}
          aria-expanded={open}
        >
          {open ? 'Done' : 'Edit'}
        </Button>
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${name} up`}
          disabled={index === 0}
          onClick={() => onMove(field.id, index - 1)}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${name} down`}
          disabled={index === fields.length - 1}
          onClick={() => onMove(field.id, index + 1)}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label={`Duplicate ${name}`} onClick={() => onDuplicate(field.id)}>
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => onRemove(field.id)}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {open ? (
        <Stack mt="sm">
          {fieldErrors.field ? <ErrorText>{fieldErrors.field}</ErrorText> : null}
          <FieldEditor
            field={field}
            sources={conditionSources(fields, index)}
            errors={fieldErrors}
            onChange={(patch) => onChange(field.id, patch)}
            onCondition={(condition) => onCondition(field.id, condition)}
          />
        </Stack>
      ) : null}
    </Card>
  );
}
