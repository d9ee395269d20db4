import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderTask } from '@portal/protocol';
import { useActingFor } from '../../api/caregiver-grants.ts';
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

/**
 * The welcome page's equipment tasks: a hold the patient clears, a delivery time to choose, a
 * resupply to answer. The server drops a task once it is done; the list is read again when the
 * tab comes back into focus, so a step finished elsewhere takes its task with it.
 */
export function EquipmentTasks() {
  const { t, i18n } = useTranslation('equipment');
  const equipment = useMyEquipment();
  const name = useActingFor().grant?.patient_name;
  const tasks = equipment.data?.tasks ?? [];
  if (tasks.length === 0) return null;
  const stepOf = (task: OrderTask) =>
    task.kind === 'clear_hold' && task.hold?.step ? task.hold.step : task.kind;
  return (
    <section className="equipment-tasks">
      <h2>{name ? t('acting.tasksHeading', { name }) : t('tasks.heading')}</h2>
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
              <Link className="button button--primary welcome-card__action" to={taskPath(task)}>
                {t(`tasks.step.${stepOf(task)}`)}
                <span className="visually-hidden">: {item}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
