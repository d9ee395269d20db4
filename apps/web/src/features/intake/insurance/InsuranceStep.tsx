import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InsuranceType } from '@portal/protocol';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import type { InsuranceTypeName } from '../intake-api.ts';
import { LoadProblem } from '../steps/LoadProblem.tsx';
import { shouldExplain } from '../steps/should-explain.ts';
import { useCoverages, useDeleteCoverage, useSaveCoverage } from '../use-intake-queries.ts';
import { CoverageCard, coverageHeadingId } from './CoverageCard.tsx';
import { CoverageForm } from './CoverageForm.tsx';
import { DeleteCoverageDialog } from './DeleteCoverageDialog.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { useRenderedInSlices } from '../../../ui/use-rendered-in-slices.ts';

const ADD_BUTTON_ID = 'add-coverage';
const formTitleId = (type: InsuranceTypeName | 'new') => `intake-coverage-${type}-title`;

interface InsuranceStepProps {
  noInsurance: boolean;
  onNoInsuranceChange: (noInsurance: boolean) => void;
  /** The patient's name, the usual subscriber of a new coverage. */
  patientName: string;
  backHref: string;
  onContinue: () => void;
}

/** Insurance: a list of coverages, one per insurance type, with card images; or none at all. */
export function InsuranceStep({
  noInsurance,
  onNoInsuranceChange,
  patientName,
  backHref,
  onContinue,
}: InsuranceStepProps) {
  const { t } = useTranslation('intake');
  const coverages = useCoverages();
  // The list's first render: every coverage's dates and card pictures.
  const list = useRenderedInSlices(coverages.data);
  const save = useSaveCoverage();
  const remove = useDeleteCoverage();
  const [editing, setEditing] = useState<InsuranceTypeName | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InsuranceTypeName | null>(null);
  const [message, setMessage] = useState<{ key: string; type?: string; tone: 'status' | 'alert' } | null>(
    null,
  );
  // Where focus goes after an action; the target may only appear once the saved list
  // arrives, so each request is tried again on the next list until it lands once.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const focused = useRef<{ id: string } | null>(null);
  useEffect(() => {
    const target = focusRequest && document.getElementById(focusRequest.id);
    if (!target || focused.current === focusRequest) return;
    target.focus();
    focused.current = focusRequest;
  }, [focusRequest, list]);
  const focus = (id: string) => setFocusRequest({ id });

  if (coverages.isError) return <LoadProblem onRetry={() => void coverages.refetch()} />;
  if (!list) return <p className="page-loading">{t('loading')}</p>;
  const used = list.map((c) => c.value.insurance_type);
  const freeTypes = InsuranceType.options.filter((type) => !used.includes(type));
  const typeLabel = (type: string) => t(`options.insuranceType.${type}`);
  const failed = (error: unknown) => {
    if (shouldExplain(error)) setMessage({ key: 'problems.save', tone: 'alert' });
  };

  const edit = (type: InsuranceTypeName | 'new') => {
    setMessage(null);
    setEditing(type);
    focus(formTitleId(type));
  };
  const closeForm = (focusId: string) => {
    setEditing(null);
    focus(focusId);
  };
  const makePrimary = (type: InsuranceTypeName) => {
    const coverage = list.find((c) => c.value.insurance_type === type);
    if (!coverage) return;
    save.mutate(
      { version: coverage.version, value: { ...coverage.value, primary: true } },
      { onSuccess: () => setMessage({ key: 'insurance.nowPrimary', type, tone: 'status' }), onError: failed },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        setMessage({ key: 'insurance.deleted', type: deleting, tone: 'status' });
        setDeleting(null);
        focus(ADD_BUTTON_ID);
      },
      onError: (error) => {
        setDeleting(null);
        failed(error);
      },
    });
  };
  const newCoverage = {
    insurance_type: freeTypes.length === 1 ? freeTypes[0] : '',
    subscriber_name: patientName,
    subscriber_relationship: 'self',
    primary: list.length === 0,
  };

  return (
    <div className="insurance">
      <p>{t('insurance.intro')}</p>
      {/* Always present, so what is added to it is announced. */}
      <p className="intake-live" role="status">
        {message?.tone === 'status'
          ? t(message.key, { type: message.type ? typeLabel(message.type) : '' })
          : ''}
      </p>
      <FormAlert message={message?.tone === 'alert' && t(message.key)} />
      {list.length === 0 && editing !== 'new' && <p className="review__empty">{t('insurance.none')}</p>}
      {list.map((coverage) => {
        const type = coverage.value.insurance_type;
        return editing === type ? (
          <CoverageForm
            key={type}
            coverage={coverage}
            freeTypes={freeTypes}
            prefill={newCoverage}
            onSaved={() => closeForm(coverageHeadingId(type))}
            onCancel={() => closeForm(coverageHeadingId(type))}
          />
        ) : (
          <CoverageCard
            key={type}
            coverage={coverage}
            busy={save.isPending || remove.isPending}
            onEdit={() => edit(type)}
            onMakePrimary={() => makePrimary(type)}
            onDelete={() => setDeleting(type)}
          />
        );
      })}
      {editing === 'new' ? (
        <CoverageForm
          freeTypes={freeTypes}
          prefill={newCoverage}
          onSaved={(type) => closeForm(coverageHeadingId(type))}
          onCancel={() => closeForm(ADD_BUTTON_ID)}
        />
      ) : (
        freeTypes.length > 0 && (
          <button
            type="button"
            id={ADD_BUTTON_ID}
            className="button button--secondary"
            onClick={() => edit('new')}
          >
            {t(list.length > 0 ? 'insurance.addAnother' : 'insurance.add')}
          </button>
        )
      )}
      {list.length === 0 && (
        <div className="insurance__none">
          <Checkbox
            label={t('insurance.noInsurance')}
            hint={t('insurance.noInsuranceHint')}
            checked={noInsurance}
            onChange={(event) => onNoInsuranceChange(event.target.checked)}
          />
        </div>
      )}
      <DeleteCoverageDialog
        typeLabel={deleting ? typeLabel(deleting) : null}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => {
          const type = deleting;
          setDeleting(null);
          if (type) focus(coverageHeadingId(type));
        }}
      />
      <div className="intake-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            // Moving on would lose the coverage being typed: say so instead.
            if (editing === null) return onContinue();
            setMessage({ key: 'insurance.finishEditing', tone: 'alert' });
            focus(formTitleId(editing));
          }}
        >
          {t('actions.continue')}
        </button>
        <Link className="button button--secondary" to={backHref}>
          {t('actions.back')}
        </Link>
      </div>
    </div>
  );
}
