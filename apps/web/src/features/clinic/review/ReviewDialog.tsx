import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeSection } from '@portal/protocol';
import { REVIEW_NOTE_MAX } from '@portal/protocol';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';

/** The patient form's order of sections, so the reviewer ticks them as the patient sees them. */
const SECTION_ORDER: readonly IntakeSection[] = [
  'profile',
  'contact',
  'emergency_content',
  'treating_practitioner',
  'insurance',
  'medical_history',
];

interface ReviewDialogProps {
  busy: boolean;
  error: string | null;
  onSubmit: (request: { sections: IntakeSection[]; note: string }) => void;
  onClose: () => void;
}

/** Request changes: the sections to reopen and a note for the patient, both required. */
export function ReviewDialog({ busy, error, onSubmit, onClose }: ReviewDialogProps) {
  const { t } = useTranslation(['clinic', 'intake']);
  const [sections, setSections] = useState<IntakeSection[]>([]);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const noteId = useId();
  const sectionsError = tried && sections.length === 0 ? t('review.dialog.needSections') : null;
  const noteError = tried && !note.trim() ? t('review.dialog.needNote') : null;
  return (
    <Dialog title={t('review.dialog.title')} onClose={onClose}>
      <form
        className="review-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (sections.length === 0) {
            document.getElementById(`${noteId}-sections`)?.querySelector('input')?.focus();
            return;
          }
          if (!note.trim()) {
            document.getElementById(noteId)?.focus();
            return;
          }
          onSubmit({ sections: SECTION_ORDER.filter((s) => sections.includes(s)), note: note.trim() });
        }}
      >
        <fieldset
          className="choice-group"
          id={`${noteId}-sections`}
          aria-describedby={`${noteId}-sections-hint${sectionsError ? ` ${noteId}-sections-error` : ''}`}
        >
          <legend className="field__label">{t('review.dialog.sections')}</legend>
          <p className="field__hint" id={`${noteId}-sections-hint`}>
            {t('review.dialog.sectionsHint')}
          </p>
          {sectionsError && (
            <p className="field__error" id={`${noteId}-sections-error`}>
              {sectionsError}
            </p>
          )}
          {SECTION_ORDER.map((section) => (
            <Checkbox
              key={section}
              label={t(`intake:steps.${section}`)}
              checked={sections.includes(section)}
              onChange={(event) =>
                setSections(
                  event.target.checked ? [...sections, section] : sections.filter((s) => s !== section),
                )
              }
            />
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            {t('review.dialog.note')}
          </label>
          <p className="field__hint" id={`${noteId}-hint`}>
            {t('review.dialog.noteHint')}
          </p>
          {noteError && (
            <p className="field__error" id={`${noteId}-error`}>
              {noteError}
            </p>
          )}
          <textarea
            id={noteId}
            className="field__input"
            rows={5}
            maxLength={REVIEW_NOTE_MAX}
            value={note}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={`${noteId}-hint${noteError ? ` ${noteId}-error` : ''}`}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="form-alert form-alert--error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('review.dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(busy ? 'review.working' : 'review.dialog.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
