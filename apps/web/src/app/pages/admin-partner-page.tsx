import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPartnerDetail } from '../../features/admin/components/admin-partner-detail.tsx';
import { AdminPartnerForm, type CityPickerSlot } from '../../features/admin/components/admin-partner-form.tsx';
import { TeamCityPicker } from './team-city-picker.tsx';

/** The partner's city: the same US city picker as a team's (composed here; features do not import each other). */
const cityPicker: CityPickerSlot = ({ city, onCityChosen, error }) => (
  <TeamCityPicker
    city={city}
    onCityChosen={onCityChosen}
    initialText={city?.name ?? ''}
    {...(error ? { error } : {})}
  />
);

/** admin/partners/new and admin/partners/{id}. */
export function Component() {
  const { partnerId } = useParams();
  const navigate = useNavigate();
  if (partnerId) return <AdminPartnerDetail key={partnerId} partnerId={partnerId} cityPicker={cityPicker} />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/partners" fw={600} c="inherit" underline="always">
        Back to partners
      </Anchor>
      <Title order={2}>Add a partner</Title>
      <AdminPartnerForm
        partner={null}
        cityPicker={cityPicker}
        onSaved={(partner) => void navigate(`/admin/partners/${partner.id}`)}
      />
    </Stack>
  );
}
