/**
 * An e-mail address cut where a line may break without splitting a word: after the @ and
 * before each dot (as style guides break addresses and URLs), never inside a name.
 */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}
