import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/public-config.ts';
import { formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { LEGAL_EFFECTIVE_DATE, type LegalDocument, type LegalDocumentKey } from './legal-document.ts';
import './legal.css';

/** Renders one legal text with the clinic's name and contacts from the public configuration. */
export function LegalPage({ document: key }: { document: LegalDocumentKey }) {
  const { t, i18n } = useTranslation('legal');
  const { data: config } = usePublicConfig();
  const values = {
    clinic: config?.clinic_name ?? '',
    email: config?.support_email ?? '',
    phone: config?.support_phone_display ?? '',
  };
  const doc = t(key, { returnObjects: true, ...values }) as LegalDocument;
  return (
    <article className="legal">
      <PageHeading>{doc.title}</PageHeading>
      <p className="legal__effective">
        {t('effective', {
          date: formatDate(LEGAL_EFFECTIVE_DATE, i18n.language, { dateStyle: 'long', timeZone: 'UTC' }),
        })}
      </p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph} className="legal__intro">
          {paragraph}
        </p>
      ))}
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.closing?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
