import { useTranslation } from 'react-i18next';
import { shouldExplain } from './steps/should-explain.ts';
import { useFhirDownload } from './use-fhir-download.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** "Download my record (FHIR)": the patient's own copy, in the format other clinics' systems read. */
export function FhirDownload() {
  const { t } = useTranslation('intake');
  const download = useFhirDownload();
  return (
    <section className="fhir-download" aria-labelledby="fhir-download-title">
      <h2 id="fhir-download-title" className="fhir-download__title">
        {t('fhir.title')}
      </h2>
      <p className="field__hint">{t('fhir.body')}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t('fhir.preparing') : t('fhir.button')}
      </button>
      <p className="intake-live" role="status">
        {download.isSuccess ? t('fhir.done') : ''}
      </p>
      <FormAlert message={download.isError && shouldExplain(download.error) && t('fhir.failed')} />
    </section>
  );
}
