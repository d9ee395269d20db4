import { useTranslation } from 'react-i18next';
import type { WorklistPerson, WorklistQueue, WorklistRow } from '@portal/protocol';
import { formatPersonName } from '../../../i18n/person-name.ts';
import { useAssignItem, useWorklistAssignees } from './worklist-api.ts';

/**
 * Who has taken a row, and a choice to give it to someone else or to nobody. A native
 * select: one key press opens it, arrows choose, and a screen reader names the patient.
 */
export function AssigneeSelect({
  queue,
  row,
  patientName,
}: {
  queue: WorklistQueue;
  row: WorklistRow;
  patientName: string;
}) {
  const { t, i18n } = useTranslation('clinic-worklist');
  const staff = useWorklistAssignees(queue);
  const assign = useAssignItem();
  const nameOf = (person: WorklistPerson) => formatPersonName(person, i18n.language);
  // The current assignee stays listed while the staff list loads, or after they lost the permission.
  const people = [
    ...(row.assignee && !staff.data?.items.some((p) => p.id === row.assignee!.id) ? [row.assignee] : []),
    ...(staff.data?.items ?? []),
  ];
  return (
    <>
      <select
        className="field__input worklist__assignee"
        aria-label={t('assign.label', { name: patientName })}
        value={row.assignee?.id ?? ''}
        disabled={assign.isPending}
        onChange={(event) =>
          assign.mutate({
            queue,
            patient_id: row.patient.id,
            assignment_id: row.document?.assignment_id ?? null,
            order_id: row.order?.id ?? null,
            resupply_prompt_id: row.order?.resupply_prompt_id ?? null,
            assignee_id: event.target.value || null,
          })
        }
      >
        <option value="">{t('assign.nobody')}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {nameOf(person)}
          </option>
        ))}
      </select>
      {assign.isError && (
        <span className="field__error" role="alert">
          {t('assign.error')}
        </span>
      )}
    </>
  );
}
