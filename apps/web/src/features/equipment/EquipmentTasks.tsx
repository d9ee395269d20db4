import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderTask } from '@portal/protocol';
import { openRecord, useActingFor } from '../../api/caregiver-grants.ts';
import { holdStepPath, inLanguage, orderAnchor } from './order-words.ts';
import { useMyEquipment } from './use-equipment.ts';
import './equipment.css';

/** Where one tap on a task leads: the step itself, not the list it is explained in. */
function taskPath(task: OrderTask): string {
  const order = `/equipment#${orderAnchor(task.order_id)}`;
  if (task.kind === 'clear_hold') return (task.hold && holdStepPath(task.hold)) ?? order;
  if (task.kind === 'answer_resupply' && task.prompt_id) return `/equipment/resupply/${task.prompt_id}`;
  return order;
}

export interface EquipmentTasksProps {
  /**
   * A helped patient's tasks on the home of a caregiver-only account, whose record is not open
   * (decision 0032): a step opens their record first, and only a grant that may act on orders
   * offers one.
   */
  helped?: { patientId: string; name: string; mayAct: boolean };
}

/**
 * The welcome page's equipment tasks: a hold the patient clears, a delivery time to choose, a
 * resupply to answer. The server drops a task once it is done; the list is read again when the
 * tab comes back into focus, so a step finished elsewhere takes its task with it.
 */
export function EquipmentTasks({ helped }: EquipmentTasksProps) {
  const { t, i18n } = useTranslation('equipment');
  const client = useQueryClient();
  const headingId = useId();
  const equipment = useMyEquipment(helped?.patientId);
  const openGrant = useActingFor().grant;
  const name = helped?.name ?? openGrant?.patient_name;
  const tasks = equipment.data?.tasks ?? [];
  if (tasks.length === 0) return null;
  const stepOf = (task: OrderTask) =>
    task.kind === 'clear_hold' && task.hold?.step ? task.hold.step : task.kind;
  return (
    <section className="equipment-tasks" aria-labelledby={headingId}>
      <h2 id={headingId}>{name ? t('acting.tasksHeading', { name }) : t('tasks.heading')}</h2>
      <ul className="welcome__cards">
        {tasks.map((task) => {
          const item = inLanguage(task.name, i18n.language);
          const text = t(`tasks.${task.kind}`, {
            item,
            hold: task.hold ? t(`hold.${task.hold.reason}`) : '',
          });
          return (
            <li
              key={`${task.kind}-${task.order_id}-${task.hold?.id ?? task.prompt_id ?? ''}`}
              className="card welcome-card"
            >
              <h3 className="welcome-card__title">{text}</h3>
              {(!helped || helped.mayAct) && (
                <Link
                  className="button button--primary welcome-card__action"
                  to={taskPath(task)}
                  onClick={helped && (() => openRecord(client, helped.patientId))}
                >
                  {t(`tasks.step.${stepOf(task)}`)}
                  <span className="visually-hidden">: {item}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
