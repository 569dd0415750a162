/** Spec §2, Settings: the tabs by query parameter `tab`, by name or by index. */
export const settingsTabs = ['general', 'privacy', 'payments', 'sports', 'availability', 'notification'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export const settingsTabLabels: Record<SettingsTab, string> = {
  general: 'General',
  privacy: 'Privacy',
  payments: 'Payments',
  sports: 'Sports & interests',
  availability: 'Availability',
  notification: 'Notifications',
};

/** "availability", "4" and "Availability" all name the availability tab; anything else is general. */
export function settingsTabFrom(value: string | null): SettingsTab {
  if (!value) return 'general';
  const name = value.trim().toLowerCase();
  if ((settingsTabs as readonly string[]).includes(name)) return name as SettingsTab;
  if (name === 'interests' || name === 'sports-interests') return 'sports';
  if (name === 'notifications') return 'notification';
  if (/^\d$/.test(name)) return settingsTabs[Number(name)] ?? 'general';
  return 'general';
}
