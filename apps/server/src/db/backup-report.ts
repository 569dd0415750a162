import type { ToolConfig } from '../config.ts';
import { dataDirSecretFiles, secretNames, type SecretName } from '../lib/data-dir-secrets.ts';
import type { BackupManifest } from './backup.ts';

/**
 * What `npm run backup` and `npm run restore` print about the archive and the secrets
 * (decision 062): which secrets it carries, and what a restore needs for those it does not.
 */

const secretWords: Record<SecretName, { what: string; plural: boolean; variables: string; without: string }> = {
  session: {
    what: 'the session secret',
    plural: false,
    variables: 'SESSION_SECRET',
    without: 'everyone is signed out (the sessions in the backup do not verify)',
  },
  vapid: {
    what: 'the web push keys',
    plural: true,
    variables: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    without: 'push stops reaching browsers until each person turns it on again',
  },
};

/** The verb for this secret: one or the other form, as its name is singular or plural. */
const verb = (name: SecretName, singular: string, plural: string) => (secretWords[name].plural ? plural : singular);

const listed = (names: SecretName[]) => names.map((name) => secretWords[name].what).join(' and ');

/** The secrets a backup with this configuration carries: those this Huddle keeps in DATA_DIR. */
export function secretsToBackUp(config: Pick<ToolConfig, 'secretSources'>, { withoutSecrets = false } = {}) {
  return withoutSecrets ? [] : secretNames.filter((name) => config.secretSources[name] === 'data-dir');
}

export function backupReport(
  manifest: BackupManifest,
  config: Pick<ToolConfig, 'secretSources' | 's3'>,
  { file, withoutSecrets }: { file: string; withoutSecrets: boolean },
): string[] {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const carried = manifest.secrets ?? [];
  const lines = [
    `Backed up ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} file folders to ${file}`,
    'Store it like a password: it holds every account (emails, password hashes, sessions) and private files. ' +
      'It is written readable by your user only.',
  ];
  if (carried.length > 0) {
    lines.push(
      `It also holds ${listed(carried)} of DATA_DIR, so people stay signed in and push keeps working after a restore; ` +
        'anyone with the file can sign in as anyone who was signed in.',
    );
  }
  for (const name of secretNames) {
    if (carried.includes(name)) continue;
    const words = secretWords[name];
    if (config.secretSources[name] === 'environment') {
      lines.push(
        `${capitalized(words.what)} ${verb(name, 'comes', 'come')} from ${words.variables}, not in the archive: ` +
          `start the restored Huddle with the same ${words.variables}, or ${words.without}.`,
      );
    } else if (withoutSecrets) {
      lines.push(
        `${capitalized(words.what)} ${verb(name, 'was', 'were')} left out (--without-secrets): restored elsewhere, ${words.without}.`,
      );
    }
  }
  if (config.s3) lines.push('Uploads are in S3 (S3_BUCKET): back the bucket up on its side (versioning or a copy).');
  return lines;
}

export function restoreReport(
  manifest: BackupManifest,
  config: Pick<ToolConfig, 'secretSources' | 'dataDir'>,
): string[] {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const carried = manifest.secrets ?? [];
  const lines = [
    `Restored ${rows} rows and ${manifest.files.length} file folders from the backup of ${manifest.createdAt}.`,
  ];
  for (const name of secretNames) {
    const words = secretWords[name];
    const file = `${config.dataDir}/${dataDirSecretFiles[name]}`;
    if (carried.includes(name) && config.secretSources[name] === 'data-dir') {
      lines.push(`Restored ${words.what} into ${file}.`);
    } else if (carried.includes(name)) {
      lines.push(
        `Restored ${words.what} into ${file}, but ${words.variables} set here ${verb(name, 'wins', 'win')}: ` +
          `unless ${verb(name, 'it holds', 'they hold')} the same value, ${words.without}.`,
      );
    } else if (config.secretSources[name] === 'environment') {
      lines.push(
        `${capitalized(words.what)} ${verb(name, 'is', 'are')} not in the backup: ${words.variables} must be the backed-up Huddle's, ` +
          `or ${words.without}.`,
      );
    } else {
      lines.push(
        `${capitalized(words.what)} ${verb(name, 'is', 'are')} not in the backup: Huddle uses ${file} (made at the next start when ` +
          `missing); unless that is the backed-up Huddle's, ${words.without}.`,
      );
    }
  }
  return lines;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
