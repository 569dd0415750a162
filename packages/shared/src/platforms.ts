/** Spec §1: two platform variants with separate user plan lists; PLATFORM on the server picks one. */
export const platforms = ['gth', 'meh'] as const;
export type Platform = (typeof platforms)[number];
export const otherPlatform = (platform: Platform): Platform => (platform === 'gth' ? 'meh' : 'gth');

/** Spec §1: the meh variant hides the Transactions button. */
export const showsTransactions = (platform: Platform): boolean => platform !== 'meh';
