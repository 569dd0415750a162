import { Button, Group } from '@mantine/core';

/** Edit and Delete for one listed item (an offer, a promotion); Delete names what it deletes. */
export function AdminItemActions({
  what,
  onEdit,
  onDelete,
  deleting,
}: {
  /** "offer 10% off", "promotion Spring sale". */
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <Group gap="xs" mt="xs">
      <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${what}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        loading={deleting}
        onClick={onDelete}
        aria-label={`Delete ${what}`}
      >
        Delete
      </Button>
    </Group>
  );
}
