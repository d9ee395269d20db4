/**
 * The standard Helvetica font encodes WinAnsi only. Rather than fail (or silently drop) on a
 * name in another script, characters it cannot show are written as their code points, e.g.
 * 王 → <U+738B>: exact, if not pretty — this is evidence, not decoration.
 */
export function winAnsiSafe(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += printable(code) ? char : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  }
  return out;
}

const printable = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);

/** Whether Helvetica can show every character of `text`. */
export const isWinAnsi = (text: string) => [...text].every((char) => printable(char.codePointAt(0)!));
