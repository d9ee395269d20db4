import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { assignDocumentRequest } from '@portal/protocol';
import { formatPersonName } from '../../i18n/person-name.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { assignToPatients, usePatientsToChoose } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { sendInChunks, type SendOutcome } from './send-in-chunks.ts';

interface SendDialogProps {
  templateId: string;
  title: string;
  onClose: () => void;
}

type Run =
  | { state: 'choosing' }
  | { state: 'sending'; done: number; total: number }
  | { state: 'done'; outcome: SendOutcome }
  | { state: 'failed'; error: unknown; done: number };

/**
 * The patients to send to, any number (each chunk is a request the protocol checks), the words
 * that narrow the list, and the last day to sign, if any.
 */
const sendForm = z.object({
  filter: z.string(),
  patient_ids: z.array(assignDocumentRequest.shape.patient_ids.element).min(1),
  due: z.union([z.iso.date(), z.literal('')]),
});
type SendForm = z.output<typeof sendForm>;

/** Sends the published version to the chosen patients, a chunk at a time, with its progress shown. */
export function SendDialog({ templateId, title, onClose }: SendDialogProps) {
  const { t, i18n } = useTranslation('library');
  const patients = usePatientsToChoose();
  const progressId = useId();
  const form = useZodForm(sendForm, { defaultValues: { filter: '', patient_ids: [], due: '' } });
  const [filter, chosenIds] = useWatch({ control: form.control, name: ['filter', 'patient_ids'] });
  const chosen = new Set(chosenIds);
  const choose = (ids: Iterable<string>) => form.setValue('patient_ids', [...new Set(ids)]);
  const [run, setRun] = useState<Run>({ state: 'choosing' });

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (patients.data ?? []).filter(
      (p) => !words || `${p.first_name} ${p.last_name} ${p.email}`.toLowerCase().includes(words),
    );
  }, [patients.data, filter]);
  const toggle = (id: string) =>
    choose(chosen.has(id) ? chosenIds.filter((old) => old !== id) : [...chosenIds, id]);

  const send = ({ patient_ids: ids, due }: SendForm) => {
    setRun({ state: 'sending', done: 0, total: ids.length });
    let done = 0;
    sendInChunks(
      ids,
      (patient_ids) =>
        assignToPatients({
          template_id: templateId,
          patient_ids,
          // The end of the chosen day where the administrator is.
          due_at: due ? new Date(`${due}T23:59:59`).toISOString() : undefined,
          send: true,
        }),
      (count) => {
        done = count;
        setRun({ state: 'sending', done: count, total: ids.length });
      },
    ).then(
      (outcome) => setRun({ state: 'done', outcome }),
      (error: unknown) => setRun({ state: 'failed', error, done }),
    );
  };

  const sending = run.state === 'sending';
  return (
    <Dialog
      title={t('send.title', { title })}
      onClose={sending ? () => undefined : onClose}
      className="upload-dialog"
    >
      <Form form={form} ns="library" onValid={send} className="send-dialog">
        {run.state === 'failed' && (
          <>
            <LibraryAlert error={run.error} />
            <p>{t('send.stopped', { done: run.done })}</p>
          </>
        )}
        {run.state === 'done' && (
          <FormAlert
            tone="success"
            message={
              <>
                {t('send.done', { count: run.outcome.sent })}
                {run.outcome.alreadyOpen > 0 && (
                  <> {t('send.alreadyOpen', { count: run.outcome.alreadyOpen })}</>
                )}
              </>
            }
          />
        )}
        {sending && (
          <div className="send-dialog__progress">
            <label htmlFor={progressId}>{t('send.progressLabel')}</label>
            <progress id={progressId} value={run.done} max={run.total} />
            <p role="status">{t('send.progress', { done: run.done, total: run.total })}</p>
          </div>
        )}
        {run.state !== 'done' && (
          <>
            <LibraryAlert error={patients.error} />
            <FormTextField name="filter" label={t('send.filter')} type="search" />
            <div className="send-dialog__bulk">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => choose([...chosenIds, ...shown.map((p) => p.id)])}
              >
                {t('send.chooseShown', { count: shown.length })}
              </button>
              <button type="button" className="button button--ghost" onClick={() => choose([])}>
                {t('send.clear')}
              </button>
            </div>
            <fieldset className="send-dialog__patients" disabled={sending}>
              <legend>{t('send.patients', { count: chosen.size })}</legend>
              {patients.isPending && <p>{t('send.loading')}</p>}
              {shown.map((patient) => (
                <label key={patient.id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={chosen.has(patient.id)}
                    onChange={() => toggle(patient.id)}
                  />
                  <span>
                    {formatPersonName(patient, i18n.language)} · {patient.email}
                  </span>
                </label>
              ))}
            </fieldset>
            <FormTextField name="due" label={t('send.due')} type="date" />
          </>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={sending}>
            {run.state === 'done' ? t('send.close') : t('upload.cancel')}
          </button>
          {run.state !== 'done' && (
            <button type="submit" className="button button--primary" disabled={sending || chosen.size === 0}>
              {t('send.submit', { count: chosen.size })}
            </button>
          )}
        </div>
      </Form>
    </Dialog>
  );
}
