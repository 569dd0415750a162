import { photoAcceptedTypes } from '@huddle/shared/profiles';
import { findPostCategory, postCategories, postLimits, type PostBody, type PostDetail } from '@huddle/shared/posts';
import { postBody } from '@huddle/contracts/posts';
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { photoProblem } from '../../../lib/photo-rules.ts';
import { uploadPublicImage } from '../../../lib/upload-public-image.ts';
import { useSavePost } from '../api/save-post.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

interface PostFormValues {
  category: string;
  subcategory: string;
  title: string;
  text: string;
  place: string;
  date: string;
  photos: string[];
}

const toBody = (values: PostFormValues): PostBody => ({
  ...values,
  place: values.place.trim() || null,
  date: values.date || null,
});

/** One message per field; a photo's message goes under the photos. */
function fieldErrors(fields: [field: string, message: string][]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of fields) errors[field.startsWith('photos') ? 'photos' : field] ??= message;
  return errors;
}

interface PostFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The post being edited; null to write one. */
  post: PostDetail | null;
  /** Where a new post goes unless changed (the list it was opened from). */
  category?: string | undefined;
  subcategory?: string | undefined;
  onSaved: (post: PostDetail) => void;
}

/**
 * Write or edit a post: category and subcategory, title, text (links become clickable), an
 * optional place and day, up to four photos. Kept mounted while closed, so a draft survives
 * closing the dialog by mistake (nothing typed is lost).
 */
export function PostFormModal({ opened, onClose, post, category, subcategory, onSaved }: PostFormModalProps) {
  const save = useSavePost(post?.id ?? null);
  const upload = useMutation({ mutationFn: uploadPublicImage });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const form = useForm<PostFormValues>({
    initialValues: {
      category: post?.category ?? category ?? '',
      subcategory: post?.subcategory ?? subcategory ?? '',
      title: post?.title ?? '',
      text: post?.text ?? '',
      place: post?.place ?? '',
      date: post?.date ?? '',
      photos: post?.photos ?? [],
    },
    validate: (values) => {
      const parsed = postBody.safeParse(toBody(values));
      return parsed.success
        ? {}
        : fieldErrors(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    },
  });
  const chosen = findPostCategory(form.values.category);
  // The dialog stays mounted across the list's pages: an untouched new post follows the list it
  // is opened from (once per list: setValues makes a render); a started draft keeps its choice.
  // The defaults become the new starting point, so "untouched" keeps meaning what the person did.
  const { isDirty, setValues, setInitialValues, values } = form;
  const appliedDefaults = useRef(`${category ?? ''}/${subcategory ?? ''}`);
  useEffect(() => {
    const defaults = `${category ?? ''}/${subcategory ?? ''}`;
    if (!opened || post || appliedDefaults.current === defaults) return;
    appliedDefaults.current = defaults;
    if (isDirty()) return;
    const next = { ...values, category: category ?? '', subcategory: subcategory ?? '' };
    setInitialValues(next);
    setValues(next);
  }, [opened, post, category, subcategory, isDirty, setValues, setInitialValues, values]);

  const addPhoto = (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => form.setFieldValue('photos', [...form.values.photos, url]),
      onError: (failure) =>
        setPhotoError(
          failure instanceof ApiError && failure.fields?.photo ? failure.fields.photo.join(' ') : failure.message,
        ),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={post ? 'Edit post' : 'Write a post'} size="lg" keepMounted>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            const saved = await save.mutateAsync(toBody(values));
            if (!post) form.reset();
            onSaved(saved);
          } catch (error) {
            if (error instanceof ApiError && error.fields)
              form.setErrors(fieldErrors(Object.entries(error.fieldMessages)));
          }
        }, focusFirstError)}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              required
              data={postCategories.map((item) => ({ value: item.slug, label: item.name }))}
              allowDeselect={false}
              {...form.getInputProps('category')}
              onChange={(value) => {
                form.setFieldValue('category', value ?? '');
                form.setFieldValue('subcategory', '');
              }}
            />
            <Select
              label="Subcategory"
              required
              placeholder={chosen ? 'Choose one' : 'Choose a category first'}
              data={(chosen?.subcategories ?? []).map((item) => ({ value: item.slug, label: item.name }))}
              allowDeselect={false}
              {...form.getInputProps('subcategory')}
              onChange={(value) => form.setFieldValue('subcategory', value ?? '')}
            />
          </SimpleGrid>
          <TextInput label="Title" required maxLength={postLimits.title} {...form.getInputProps('title')} />
          <Textarea
            label="Text"
            description="Links you write become clickable."
            required
            autosize
            minRows={4}
            maxRows={14}
            maxLength={postLimits.text}
            {...form.getInputProps('text')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Place"
              description="Optional: a court, a park, a town."
              maxLength={postLimits.place}
              {...form.getInputProps('place')}
            />
            <TextInput
              label="Date"
              description="Optional: the day it is for."
              type="date"
              {...form.getInputProps('date')}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Photos
            </Text>
            {form.values.photos.length > 0 ? (
              <Group gap="xs">
                {form.values.photos.map((url, index) => (
                  <div key={url} style={{ position: 'relative' }}>
                    <Image src={url} alt={`Photo ${index + 1}`} w={96} h={96} radius="md" fit="cover" />
                    <CloseButton
                      size="sm"
                      aria-label={`Remove photo ${index + 1}`}
                      style={{ position: 'absolute', top: 2, right: 2 }}
                      onClick={() =>
                        form.setFieldValue(
                          'photos',
                          form.values.photos.filter((photo) => photo !== url),
                        )
                      }
                    />
                  </div>
                ))}
              </Group>
            ) : null}
            <FileButton onChange={addPhoto} accept={photoAcceptedTypes.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  loading={upload.isPending}
                  disabled={form.values.photos.length >= postLimits.photos}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Add a photo
                </Button>
              )}
            </FileButton>
            {photoError || form.errors.photos ? <ErrorText>{photoError ?? form.errors.photos}</ErrorText> : null}
          </Stack>
          <FormLevelError error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {post ? 'Save changes' : 'Post'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
