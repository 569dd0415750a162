import dayjs from 'dayjs';

/** datetime-local speaks the browser's zone; the contracts speak ISO instants. */
export const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
export const fromLocalInput = (local: string) => (local && dayjs(local).isValid() ? dayjs(local).toISOString() : null);
