import { useTranslation } from 'react-i18next';
import type { DocumentField } from '@portal/protocol';
import { toScreen } from './field-geometry.ts';
import { PageCanvas } from './PageCanvas.tsx';
import type { EditorPage } from './pdf-pages.ts';

const PREVIEW_WIDTH = 640;

/** The edition as the patient meets it: its pages with the boxes they sign, date or find filled in. */
export function TemplatePreview({ pages, fields }: { pages: EditorPage[]; fields: DocumentField[] }) {
  const { t } = useTranslation('library');
  const boxText = (field: DocumentField) =>
    field.prefill
      ? t('preview.prefilled', { what: t(`prefill.${field.prefill}`) })
      : t(`preview.${field.kind}`);
  return (
    <section className="template-preview" aria-label={t('preview.label')}>
      {pages.map((page) => {
        const scale = Math.min(1.5, PREVIEW_WIDTH / page.size.width);
        const onPage = fields.filter((field) => field.page === page.number);
        return (
          <figure
            key={page.number}
            className="field-editor__page template-preview__page"
            style={{ width: page.size.width * scale, height: page.size.height * scale }}
          >
            <PageCanvas
              page={page}
              scale={scale}
              label={t('editor.pageImage', { page: page.number, pages: pages.length })}
            />
            {onPage.map((field, index) => (
              <span
                key={index}
                className="field-box field-box--preview"
                style={toScreen(field, page.size, scale)}
              >
                {boxText(field)}
              </span>
            ))}
            {onPage.length > 0 && (
              <figcaption className="visually-hidden">
                {onPage.map((field) => boxText(field)).join(', ')}
              </figcaption>
            )}
          </figure>
        );
      })}
    </section>
  );
}
