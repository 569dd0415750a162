export const messagesPath = '/messages';
export const conversationPath = (conversationId: string) => `/messages/${conversationId}`;
