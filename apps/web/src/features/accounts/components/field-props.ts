/**
 * Every field on the auth forms is required, so none is marked: an asterisk on each adds
 * noise, and it becomes part of the label's text ("New password *") that people and
 * browser tests find fields by. `required` still sets aria-required.
 */
export const requiredField = { required: true, withAsterisk: false } as const;

/**
 * Mantine names the eye button "Toggle password visibility", which a "Password" label
 * query also finds. This name says what it does without repeating the field's label;
 * aria-pressed tells whether the characters are shown.
 */
export const visibilityToggleProps = { 'aria-label': 'Show characters' } as const;
