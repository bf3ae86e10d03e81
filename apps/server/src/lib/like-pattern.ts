/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
