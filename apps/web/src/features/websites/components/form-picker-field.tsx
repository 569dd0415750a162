import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactElement } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSite } from './site-context.ts';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
}

/** The Form block's form: one of the site's team's published forms (issue 14's forms). */
export function FormPickerField({ value, onChange, readOnly }: Props): ReactElement {
  // Its own id: Puck's is its field wrapper's.
  const id = useId();
  const { teamId } = useSite();
  const forms = useQuery({ queryKey: ['forms', 'mine'], queryFn: () => apiRequest(formEndpoints.listMine) });
  const choices = (forms.data?.forms ?? []).filter(
    (form) => form.status === 'published' && (teamId ? form.team?.id === teamId : true),
  );
  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', fontSize: 14, fontWeight: 600, marginBottom: 4 }}>
        Form
      </label>
      <select
        id={id}
        value={value}
        disabled={readOnly}
        onChange={(event) => onChange(event.currentTarget.value)}
        style={{ width: '100%', minHeight: 36 }}
      >
        <option value="">{forms.isPending ? 'Loading forms…' : 'Pick a published form'}</option>
        {choices.map((form) => (
          <option key={form.id} value={form.id}>
            {form.title}
          </option>
        ))}
      </select>
      {!forms.isPending && choices.length === 0 && (
        <p style={{ fontSize: 13 }}>
          {teamId ? 'This team has no published forms yet.' : 'You have no published forms yet.'}
        </p>
      )}
    </div>
  );
}
