import { formFileContentTypes, formFileKindLabels, type FormField, type SubmittedFile } from '@huddle/shared/forms';
import { uploadMessages } from '@huddle/shared/uploads';

type FileField = Extract<FormField, { type: 'file' }>;

/**
 * A file question's answer while filling: the ids the server checks, and the files' names and
 * sizes to show (kept with the answers in the tab, so a reload still lists them). The server
 * reads only `uploadIds`.
 */
export type FileAnswer = { uploadIds: string[]; files: Pick<SubmittedFile, 'id' | 'name' | 'sizeBytes'>[] };

export function fileAnswerOf(value: unknown): FileAnswer {
  if (typeof value === 'object' && value !== null && 'files' in value && Array.isArray(value.files)) {
    const files = (value.files as FileAnswer['files']).filter((file) => typeof file?.id === 'string');
    return { uploadIds: files.map((file) => file.id), files };
  }
  return { uploadIds: [], files: [] };
}

export const withFile = (answer: FileAnswer, file: FileAnswer['files'][number]): FileAnswer => {
  const files = [...answer.files.filter((item) => item.id !== file.id), file];
  return { uploadIds: files.map((item) => item.id), files };
};

export const withoutFile = (answer: FileAnswer, id: string): FileAnswer => {
  const files = answer.files.filter((item) => item.id !== id);
  return { uploadIds: files.map((item) => item.id), files };
};

/** What the picker offers (types and extensions, for phones that only know one of them). */
export function acceptAttribute(field: FileField): string {
  const extensions = { pdf: '.pdf', jpeg: '.jpg,.jpeg', png: '.png', webp: '.webp', heic: '.heic,.heif' };
  return field.accept.flatMap((kind) => [formFileContentTypes[kind], extensions[kind]]).join(',');
}

/** "PDF or JPEG, up to 10 MB, 2 files at most": the rules under the button. */
export function fileRules(field: FileField): string {
  const kinds = field.accept.map((kind) => formFileKindLabels[kind]);
  const listed = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}` : kinds[0];
  const count = field.maxFiles > 1 ? `, ${field.maxFiles} files at most` : '';
  return `${listed}, up to ${field.maxSizeMb} MB${count}.`;
}

/** Checked before sending, so a too-large file is not uploaded only to be refused (the server checks again). */
export function fileProblem(field: FileField, file: File, answer: FileAnswer): string | null {
  if (answer.files.length >= field.maxFiles) return `At most ${field.maxFiles} file${field.maxFiles === 1 ? '' : 's'}.`;
  if (file.size > field.maxSizeMb * 1024 * 1024) return uploadMessages.tooLarge(field.maxSizeMb);
  return null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
