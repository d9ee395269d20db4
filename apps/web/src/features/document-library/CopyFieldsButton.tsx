import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateEdition } from '@portal/protocol';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { copyFields, type CopiedFields } from './copy-fields.ts';
import type { PageSize } from './field-geometry.ts';
import { useEditionPdf } from './library-api.ts';
import { usePdfPages } from './pdf-pages.ts';

interface CopyFieldsButtonProps {
  templateId: string;
  version: number;
  /** The other language's edition, whose saved fields are copied. */
  from: TemplateEdition;
  toPages: readonly PageSize[];
  /** How many fields this edition has now: they are replaced, so the copy is confirmed first. */
  replacing: number;
  onCopy: (copied: CopiedFields) => void;
}

/** Reads the other edition's page boxes (its PDF, loaded only once a copy is asked for). */
function PageBoxesOf({
  templateId,
  version,
  from,
  onPages,
  onFailed,
}: Pick<CopyFieldsButtonProps, 'templateId' | 'version' | 'from'> & {
  onPages: (pages: PageSize[]) => void;
  onFailed: () => void;
}) {
  const pdf = useEditionPdf(templateId, version, from.language);
  const { pages, failed } = usePdfPages(pdf.data?.pdf_base64);
  // Once: the parent's handlers are new on each render.
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    if (pages) onPages(pages.map((page) => page.size));
    else if (failed || pdf.isError) onFailed();
    else return;
    told.current = true;
  }, [pages, failed, pdf.isError, onPages, onFailed]);
  return null;
}

type Step = 'idle' | 'confirming' | 'copying';

/** "Copy fields from the other edition": its fields scaled onto this edition's pages, unsaved until Save. */
export function CopyFieldsButton(props: CopyFieldsButtonProps) {
  const { t } = useTranslation('library');
  const [step, setStep] = useState<Step>('idle');
  const [outcome, setOutcome] = useState<{ copied: number; skipped: number } | 'failed' | null>(null);
  const edition = t(`languages.${props.from.language}`);
  const start = () => {
    setOutcome(null);
    setStep(props.replacing > 0 ? 'confirming' : 'copying');
  };
  const copy = (fromPages: PageSize[]) => {
    const copied = copyFields(props.from.fields, fromPages, props.toPages);
    props.onCopy(copied);
    setOutcome({ copied: copied.fields.length, skipped: copied.skipped });
    setStep('idle');
  };
  const fail = () => {
    setOutcome('failed');
    setStep('idle');
  };

  return (
    <>
      {/* Not disabled while copying: the dialog gives the focus back to it as it closes. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={step === 'copying' || undefined}
        onClick={() => step === 'idle' && start()}
      >
        {step === 'copying' ? t('copy.working') : t('copy.button', { edition })}
      </button>
      <p role="status" className="edition-editor__copied">
        {outcome === 'failed' && t('copy.failed', { edition })}
        {outcome && outcome !== 'failed' && (
          <>
            {t('copy.done', { count: outcome.copied, edition })}
            {outcome.skipped > 0 &&
              ` ${t('copy.skipped', { count: outcome.skipped, pages: props.toPages.length })}`}
          </>
        )}
      </p>
      {step === 'copying' && (
        <PageBoxesOf
          templateId={props.templateId}
          version={props.version}
          from={props.from}
          onPages={copy}
          onFailed={fail}
        />
      )}
      {step === 'confirming' && (
        <ConfirmDialog
          title={t('copy.confirmTitle', { edition })}
          body={t('copy.confirmBody', { count: props.replacing, edition })}
          confirmLabel={t('copy.confirm')}
          cancelLabel={t('copy.cancel')}
          busyLabel={t('copy.working')}
          busy={false}
          error={null}
          onConfirm={() => setStep('copying')}
          onCancel={() => setStep('idle')}
        />
      )}
    </>
  );
}
