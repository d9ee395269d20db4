/** A file name from the title: letters, digits and dashes. */
export function pdfFilename(title: string, signed: boolean): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'document'}${signed ? '-signed' : ''}.pdf`;
}
