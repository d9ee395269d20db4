import { describe, expect, it } from 'vitest';
import { openJson, sealJson } from '@portal/protocol';
import { nodeCryptoPrimitives } from '@portal/protocol/node-crypto';
import { sealedEnvelopePieces, sealJsonPieces } from '../../src/plugins/sealed-stream.ts';

const Z = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);
const SALT = 'QwErTyUiOpAsDfGh';

/** An export-like answer: a CSV with quotes, line ends, Chinese and an emoji, long enough for many AES blocks. */
const payload = {
  filename: 'audit-2026-11-29T21-00-00.csv',
  csv: `\uFEFFid,action\r\n${Array.from({ length: 300 }, (_, i) => `${i},"陈美 ""quoted"" 😀 ${'x'.repeat(i % 7)}"\r\n`).join('')}`,
  rows: 300,
  truncated: false,
};
const json = JSON.stringify(payload);

/** The JSON text cut into pieces of `size` code points (a piece never splits a character). */
async function* piecesOf(text: string, size: number): AsyncGenerator<string> {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join('');
}

async function joined(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

describe('the streamed seal', () => {
  it.each([1, 2, 3, 16, 17, 1000, json.length])(
    'writes what sealJson writes for the same salt and payload, in pieces of %i characters',
    async (size) => {
      const streamed = await joined(sealJsonPieces(Z, SALT, 's2c', piecesOf(json, size)));
      expect(streamed).toBe(await sealJson(Z, SALT, 's2c', payload, nodeCryptoPrimitives));
      expect(await openJson(Z, SALT, 's2c', streamed)).toEqual(payload);
    },
  );

  it('seals an empty text as sealJson seals an empty string', async () => {
    const streamed = await joined(sealJsonPieces(Z, SALT, 's2c', piecesOf('""', 1)));
    expect(streamed).toBe(await sealJson(Z, SALT, 's2c', ''));
  });

  it('writes the envelope the server sends for a sealed answer, byte for byte', async () => {
    const body = await joined(sealedEnvelopePieces(Z, SALT, piecesOf(json, 100)));
    const data = await sealJson(Z, SALT, 's2c', payload);
    expect(body).toBe(JSON.stringify({ code: 0, salt: SALT, data }));
  });

  it('is refused as 10016 when the body is cut short', async () => {
    const streamed = await joined(sealJsonPieces(Z, SALT, 's2c', piecesOf(json, 100)));
    await expect(openJson(Z, SALT, 's2c', streamed.slice(0, -400))).rejects.toMatchObject({ code: 10016 });
  });
});
