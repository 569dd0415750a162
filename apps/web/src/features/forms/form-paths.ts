/** A form's builder (spec §2 form/build/{id}). */
export function formBuildPath(formId: string): string {
  return `/form/build/${encodeURIComponent(formId)}`;
}
