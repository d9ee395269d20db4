/** `%`, `_` and `\` typed into a search box are literal characters, not `like` wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
