declare module 'subset-font' {
  /** HarfBuzz's hb-subset (harfbuzzjs): the font cut down to the glyphs of `text`. */
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
