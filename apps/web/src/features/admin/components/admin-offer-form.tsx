import { partnerLimits, type PartnerOffer, type PartnerOfferBody } from '@huddle/shared/partners';
import { partnerOfferBody } from '@huddle/contracts/partners';
import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contractErrors, sendWithFieldErrors } from '../admin-forms.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime.ts';
import { useSaveOffer } from '../api/admin-partners.ts';
import { AdminDialogForm } from './admin-dialog-form.tsx';

interface OfferFormValues {
  title: string;
  description: string;
  code: string;
  url: string;
  validFrom: string;
  validUntil: string;
}

const toBody = (values: OfferFormValues): PartnerOfferBody => ({
  title: values.title,
  description: values.description,
  code: values.code.trim() || null,
  url: values.url.trim() || null,
  validFrom: fromLocalInput(values.validFrom),
  validUntil: fromLocalInput(values.validUntil),
});

interface AdminOfferFormProps {
  partnerId: string;
  /** The offer being edited; null to add one. */
  offer: PartnerOffer | null;
  onDone: () => void;
}

/** An offer (decision 048): shown from its start (empty: at once) until its end (empty: until removed). */
export function AdminOfferForm({ partnerId, offer, onDone }: AdminOfferFormProps) {
  const save = useSaveOffer(partnerId, offer?.id ?? null);
  const form = useForm<OfferFormValues>({
    initialValues: {
      title: offer?.title ?? '',
      description: offer?.description ?? '',
      code: offer?.code ?? '',
      url: offer?.url ?? '',
      validFrom: toLocalInput(offer?.validFrom ?? null),
      validUntil: toLocalInput(offer?.validUntil ?? null),
    },
    validate: (values) => contractErrors(partnerOfferBody, toBody(values)),
  });
  return (
    <AdminDialogForm
      label={offer ? 'Edit offer' : 'Add an offer'}
      onSubmit={form.onSubmit(async (values) => {
        if (await sendWithFieldErrors(form, () => save.mutateAsync(toBody(values)))) onDone();
      }, focusFirstError)}
      save={save}
      submitLabel={offer ? 'Save offer' : 'Add offer'}
      onCancel={onDone}
    >
      <TextInput label="Title" required maxLength={partnerLimits.offerTitle} {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={partnerLimits.offerDescription}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Code"
          description="Optional: given at the till or checkout."
          maxLength={partnerLimits.offerCode}
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Link"
          description="Optional: where to claim it, https://"
          maxLength={partnerLimits.url}
          {...form.getInputProps('url')}
        />
        <TextInput
          type="datetime-local"
          label="Starts"
          description="Empty: at once."
          {...form.getInputProps('validFrom')}
        />
        <TextInput
          type="datetime-local"
          label="Ends"
          description="Empty: until removed."
          {...form.getInputProps('validUntil')}
        />
      </SimpleGrid>
    </AdminDialogForm>
  );
}
