import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { REVIEW_NOTE_MAX, reviewRequest, type IntakeSection } from '@portal/protocol';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { FormTextArea } from '../../../ui/form/FormTextArea.tsx';
import { useFieldMessage } from '../../../ui/form/use-field-message.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';

/** The patient form's order of sections, so the reviewer ticks them as the patient sees them. */
const SECTION_ORDER: readonly IntakeSection[] = [
  'profile',
  'contact',
  'emergency_content',
  'treating_practitioner',
  'insurance',
  'medical_history',
];

/** The server's rules for a request for changes name the field they mark. */
const MESSAGES: Record<string, string> = {
  sections: 'review.dialog.needSections',
  note: 'review.dialog.needNote',
};

interface ReviewDialogProps {
  busy: boolean;
  error: string | null;
  onSubmit: (request: { sections: IntakeSection[]; note: string }) => void;
  onClose: () => void;
}

/** The sections to reopen, as one group with one message. */
function SectionChoices() {
  const { t } = useTranslation(['clinic', 'intake']);
  const { register } = useFormContext();
  const error = useFieldMessage('sections');
  const id = useId();
  return (
    <fieldset className="choice-group" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="field__label">{t('review.dialog.sections')}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {t('review.dialog.sectionsHint')}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {SECTION_ORDER.map((section) => (
        <Checkbox
          key={section}
          label={t(`intake:steps.${section}`)}
          value={section}
          {...register('sections')}
        />
      ))}
    </fieldset>
  );
}

/** Request changes: the sections to reopen and a note for the patient, both required. */
export function ReviewDialog({ busy, error, onSubmit, onClose }: ReviewDialogProps) {
  const { t } = useTranslation(['clinic', 'intake']);
  const form = useZodForm(reviewRequest, {
    defaultValues: { outcome: 'changes_requested', sections: [], note: '' },
    messageOf: (issue) => {
      const key = MESSAGES[String(issue.path?.[0])];
      return issue.code === 'custom' && key ? { key } : undefined;
    },
  });
  return (
    <Dialog title={t('review.dialog.title')} onClose={onClose}>
      <Form
        form={form}
        ns="clinic"
        className="review-dialog"
        onValid={(review) =>
          onSubmit({ sections: SECTION_ORDER.filter((s) => review.sections.includes(s)), note: review.note })
        }
      >
        <SectionChoices />
        <FormTextArea
          name="note"
          label={t('review.dialog.note')}
          hint={t('review.dialog.noteHint')}
          rows={5}
          maxLength={REVIEW_NOTE_MAX}
        />
        <FormAlert message={error} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('review.dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(busy ? 'review.working' : 'review.dialog.submit')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
