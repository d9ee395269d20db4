import { useTranslation } from 'react-i18next';
import { downloadPdf } from '../../ui/download-pdf.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { useProofDownload } from './use-equipment.ts';

/** The signed proof of delivery, saved from memory: the PDF never has a URL of its own. */
export function ProofDownload({ orderId, primary = false }: { orderId: string; primary?: boolean }) {
  const { t } = useTranslation('equipment');
  const proof = useProofDownload();
  const download = () =>
    proof.mutate(orderId, { onSuccess: (file) => downloadPdf(file.pdf_base64, file.file_name) });
  return (
    <div className="proof-download">
      <button
        type="button"
        className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
        onClick={download}
        disabled={proof.isPending}
      >
        {proof.isPending ? t('proof.working') : t('proof.download')}
      </button>
      <FormAlert message={proof.isError ? t('proof.error') : null} />
    </div>
  );
}
