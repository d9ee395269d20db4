import { CARD_MAX_BYTES } from '@portal/protocol';

/** protocol.md §10: PNG, JPEG or PDF. The server judges by content; this is the early, kinder check. */
export const CARD_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

type CardFileProblem = 'wrongType' | 'tooLarge';

export function cardFileProblem(file: File): CardFileProblem | null {
  if (file.size === 0 || !(CARD_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > CARD_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The file as standard base64, read natively (a 5 MB card would be slow to encode by hand). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
