import { partnerPaths, type ManagedPartnerDetail, type PartnerOffer } from '@huddle/shared/partners';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { TypedConfirmModal } from '../../../components/ui/typed-confirm-modal.tsx';
import { formatInstant } from '../admin-forms.ts';
import { useAdminPartner, useDeleteOffer, useDeletePartner } from '../api/admin-partners.ts';
import { AdminItemActions } from './admin-item-actions.tsx';
import { AdminOfferForm } from './admin-offer-form.tsx';
import { AdminPartnerForm, type CityPickerSlot } from './admin-partner-form.tsx';

/** Whether the public sees an offer now (decision 048: from its start, inclusive, until its end, exclusive). */
function offerState(offer: PartnerOffer, now: number): { label: string; color: string } {
  if (offer.validFrom && Date.parse(offer.validFrom) > now) return { label: 'Upcoming', color: 'blue.9' };
  if (offer.validUntil && Date.parse(offer.validUntil) <= now) return { label: 'Ended', color: 'gray.8' };
  return { label: 'Current', color: 'huddle.9' };
}

function OfferWindow({ offer }: { offer: PartnerOffer }) {
  const from = offer.validFrom ? `from ${formatInstant(offer.validFrom)}` : 'from now';
  const until = offer.validUntil ? `until ${formatInstant(offer.validUntil)}` : 'until removed';
  return (
    <Text size="sm" c="dimmed">
      {from}, {until}
    </Text>
  );
}

function PartnerOffersAdmin({ partner, now }: { partner: ManagedPartnerDetail; now: number }) {
  const [editing, setEditing] = useState<PartnerOffer | 'new' | null>(null);
  const remove = useDeleteOffer();
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-offers-heading">
      <Group justify="space-between">
        <Title order={3} id="admin-offers-heading">
          Offers
        </Title>
        <Button variant="default" onClick={() => setEditing('new')}>
          Add an offer
        </Button>
      </Group>
      <FormLevelError error={remove.error} />
      {partner.offers.length === 0 ? <Text c="dimmed">No offers yet.</Text> : null}
      {partner.offers.map((offer) => {
        const state = offerState(offer, now);
        return (
          <Card key={offer.id} withBorder component="article" aria-label={offer.title}>
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>{offer.title}</Text>
                <Badge color={state.color}>{state.label}</Badge>
              </Group>
              {offer.code ? <Text size="sm">Code: {offer.code}</Text> : null}
              <OfferWindow offer={offer} />
              <AdminItemActions
                what={`offer ${offer.title}`}
                onEdit={() => setEditing(offer)}
                onDelete={() => remove.mutate(offer.id)}
                deleting={remove.isPending && remove.variables === offer.id}
              />
            </Stack>
          </Card>
        );
      })}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an offer' : 'Edit offer'}
        size="lg"
      >
        {editing !== null ? (
          <AdminOfferForm
            key={editing === 'new' ? 'new' : editing.id}
            partnerId={partner.id}
            offer={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** Issue 16/17: one partner, its details and its offers (ended and upcoming ones too). */
export function AdminPartnerDetail({ partnerId, cityPicker }: { partnerId: string; cityPicker: CityPickerSlot }) {
  const partner = useAdminPartner(partnerId);
  const remove = useDeletePartner(partnerId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (partner.isPending) return <Loader aria-label="Loading the partner" />;
  if (partner.error) return <FormLevelError error={partner.error} />;
  const data = partner.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/partners" fw={600} c="inherit" underline="always">
        Back to partners
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{data.name}</Title>
        {data.preferred ? (
          <Anchor component={Link} to={partnerPaths.preferred(data.id)} fw={600} c="inherit" underline="always">
            View its public page
          </Anchor>
        ) : (
          <Badge color="gray.8">Hidden from the public</Badge>
        )}
      </Group>
      <AdminPartnerForm
        key={data.updatedAt}
        partner={data}
        cityPicker={cityPicker}
        onSaved={() => notifications.show({ message: 'Partner saved.', color: 'green', autoClose: 5000 })}
      />
      {/* The offers' states are as of when the partner was read (a render reads no clock). */}
      <PartnerOffersAdmin partner={data} now={partner.dataUpdatedAt} />
      <Group>
        <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
          Delete partner
        </Button>
      </Group>
      <TypedConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this partner?"
        phrase="DELETE"
        label="Type DELETE to confirm"
        confirmLabel="Delete partner"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: async () => {
              setConfirming(false);
              notifications.show({ message: 'Partner deleted.', color: 'green', autoClose: 5000 });
              await navigate('/admin/partners');
            },
          })
        }
      >
        <Alert color="red" variant="light">
          The partner and all its offers go for good; its public pages stop working.
        </Alert>
        <FormLevelError error={remove.error} />
      </TypedConfirmModal>
    </Stack>
  );
}
