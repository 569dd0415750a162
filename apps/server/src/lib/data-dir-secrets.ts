/**
 * The secrets Huddle generates into DATA_DIR when the environment gives none: the session
 * secret (embedded mode; it signs session cookies and mailed verification links) and the web
 * push key pair (decision 027; browsers subscribe with its public key). Both must outlive the
 * database rows they sign for, so backups carry them (decision 062). One list, so a secret added
 * later is read, written and backed up under the same name.
 */
export const dataDirSecretFiles = { session: 'session-secret', vapid: 'vapid-keys.json' } as const;

export type SecretName = keyof typeof dataDirSecretFiles;
export const secretNames = Object.keys(dataDirSecretFiles) as SecretName[];

/** Where a running Huddle takes a secret from: its environment, or the generated file in DATA_DIR. */
export type SecretSource = 'environment' | 'data-dir';
