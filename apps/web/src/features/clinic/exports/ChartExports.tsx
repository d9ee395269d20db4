import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartPdf } from '@portal/protocol';
import { apiRequest } from '../../../api/client.ts';
import { useSession } from '../../../api/use-session.ts';
import { downloadPdf, saveFile } from '../../../ui/download-pdf.ts';
import '../clinic.css';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

/**
 * The patient's record for the clinic's files, as a FHIR R4 Bundle or a
 * printable summary in the reader's language. Both reads are audited on the server.
 */
export function ChartExports({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('clinic-worklist');
  const canRead = useSession()?.user.auths.includes('read_chart') ?? false;
  const [busy, setBusy] = useState<'fhir' | 'pdf' | null>(null);
  const [failed, setFailed] = useState(false);
  if (!canRead) return null;

  const run = async (format: 'fhir' | 'pdf') => {
    setBusy(format);
    setFailed(false);
    try {
      const day = new Date().toISOString().slice(0, 10);
      if (format === 'fhir') {
        const bundle = await apiRequest<unknown>({
          method: 'GET',
          path: `/admin/patients/${patientId}/export/fhir/`,
        });
        saveFile(JSON.stringify(bundle, null, 2), 'application/fhir+json', `patient-record-${day}.json`);
      } else {
        const pdf = await apiRequest<ChartPdf>({
          method: 'GET',
          path: `/admin/patients/${patientId}/export/pdf/`,
          query: { locale: i18n.language === 'cn' ? 'cn' : 'gb' },
        });
        downloadPdf(pdf.pdf_base64, pdf.filename);
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="chart-exports" role="group" aria-label={t('exports.label')}>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        onClick={() => void run('pdf')}
      >
        {busy === 'pdf' ? t('exports.working') : t('exports.pdf')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        onClick={() => void run('fhir')}
      >
        {busy === 'fhir' ? t('exports.working') : t('exports.fhir')}
      </button>
      <FormAlert message={failed && t('exports.failed')} />
    </div>
  );
}
