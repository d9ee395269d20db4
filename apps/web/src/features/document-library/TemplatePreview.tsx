import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentField } from '@portal/protocol';
import { toScreen } from './field-geometry.ts';
import { PageCanvas } from './PageCanvas.tsx';
import type { EditorPage } from './pdf-pages.ts';
import { useColumnWidth } from './use-column-width.ts';

/** The preview is at most this wide (CSS pixels), as a phone or a narrow column shows it. */
const PREVIEW_WIDTH = 640;

/** The edition as the patient meets it: its pages with the boxes they sign, date or find filled in. */
export function TemplatePreview({ pages, fields }: { pages: EditorPage[]; fields: DocumentField[] }) {
  const { t } = useTranslation('library');
  const column = useRef<HTMLElement>(null);
  const width = Math.min(useColumnWidth(column) ?? 0, PREVIEW_WIDTH);
  const boxText = (field: DocumentField) =>
    field.prefill
      ? t('preview.prefilled', { what: t(`prefill.${field.prefill}`) })
      : t(`preview.${field.kind}`);
  return (
    <section ref={column} className="template-preview" aria-label={t('preview.label')}>
      {width > 0 &&
        pages.map((page) => {
          const scale = Math.min(1.5, width / page.size.width);
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
            </figure>
          );
        })}
    </section>
  );
}
