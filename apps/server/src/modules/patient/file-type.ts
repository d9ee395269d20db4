/** Types accepted for uploads, judged by their first bytes, never by name or declared type. */
const SIGNATURES: Array<{ mime: string; magic: number[] }> = [
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffFileType(bytes: Uint8Array, allowed: readonly string[]): string | undefined {
  return SIGNATURES.find(({ mime, magic }) => allowed.includes(mime) && magic.every((b, i) => bytes[i] === b))
    ?.mime;
}
