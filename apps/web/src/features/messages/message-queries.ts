/** Every query the messages feature holds; the `message` event refreshes them all. */
export const MESSAGE_QUERIES = ['messages'] as const;
