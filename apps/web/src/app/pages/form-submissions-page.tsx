import { useParams } from 'react-router';
import { SubmissionsTable } from '../../features/forms/components/submissions-table.tsx';

/** form/{id}/submissions (signed in): the form's owner and, when allowed, its team's organizers. */
export function Component() {
  const { formId = '' } = useParams();
  return <SubmissionsTable key={formId} formId={formId} />;
}
