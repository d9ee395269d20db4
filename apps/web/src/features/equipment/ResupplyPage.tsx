import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resupplyAnswerRequest, ResupplyCondition, type DeviceOrder } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormRadioGroup } from '../../ui/form/FormRadioGroup.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { inLanguage, orderAnchor } from './order-words.ts';
import { useAnswerResupply, useMyEquipment } from './use-equipment.ts';
import './equipment.css';

const parseYesNo = (value: string) => value === 'yes';

/** What the patient hears once the answer is in: the new order, or that nothing will come. */
function Answered({ newOrder }: { newOrder: DeviceOrder | null }) {
  const { t, i18n } = useTranslation('equipment');
  return (
    <>
      <FormAlert tone="success" message={newOrder ? t('resupply.ordered') : t('resupply.nothing')} />
      {newOrder && (
        <ul>
          {newOrder.items.map((item) => (
            <li key={item.id}>
              {inLanguage(item.name, i18n.language)} · {t('order.quantity', { count: item.quantity })}
            </li>
          ))}
        </ul>
      )}
      <Link
        className="button button--secondary"
        to={newOrder ? `/equipment#${orderAnchor(newOrder.id)}` : '/equipment'}
      >
        {t('resupply.back')}
      </Link>
    </>
  );
}

/** The usual questions before a resupply ships (still in use? in what condition?). */
export default function ResupplyPage() {
  const { t, i18n } = useTranslation('equipment');
  const { promptId = '' } = useParams();
  const equipment = useMyEquipment();
  const answer = useAnswerResupply();
  const prompt = equipment.data?.resupplies.find((due) => due.id === promptId);
  const form = useZodForm(resupplyAnswerRequest, {
    defaultValues: { prompt_id: promptId },
    messageOf: () => ({ key: 'errors.choose' }),
  });

  const body = () => {
    if (answer.isSuccess) return <Answered newOrder={answer.data} />;
    if (equipment.isError) return <FormAlert message={t('loadError')} />;
    if (!equipment.data) return null;
    if (!prompt) {
      return (
        <>
          <p>{t('resupply.notFound')}</p>
          <Link to="/equipment">{t('resupply.back')}</Link>
        </>
      );
    }
    return (
      <>
        <p>{t('resupply.intro')}</p>
        <p className="order-card__muted">
          {t('resupply.dueOn', {
            date: formatDate(new Date(prompt.eligible_at), i18n.language, { dateStyle: 'long' }),
          })}
        </p>
        <ul className="order-card__items">
          {prompt.items.map((item) => (
            <li key={item.id} className="order-card__item">
              <span className="order-card__item-name">{inLanguage(item.name, i18n.language)}</span>
              <span className="order-card__muted">{t('order.quantity', { count: item.quantity })}</span>
            </li>
          ))}
        </ul>
        <Form form={form} ns="equipment" onValid={(value) => answer.mutate(value)}>
          <FormRadioGroup
            name="still_in_use"
            legend={t('resupply.stillInUse')}
            parse={parseYesNo}
            options={[
              { value: 'yes', label: t('resupply.yes') },
              { value: 'no', label: t('resupply.no') },
            ]}
          />
          <FormRadioGroup
            name="condition"
            legend={t('resupply.condition')}
            options={ResupplyCondition.options.map((condition) => ({
              value: condition,
              label: t(`resupply.conditions.${condition}`),
            }))}
          />
          <FormAlert message={answer.isError ? t('resupply.error') : null} />
          <button type="submit" className="button button--primary" disabled={answer.isPending}>
            {answer.isPending ? t('resupply.working') : t('resupply.submit')}
          </button>
        </Form>
      </>
    );
  };

  return (
    <div className="equipment equipment--narrow">
      <PageHeading>{t('resupply.title')}</PageHeading>
      {body()}
    </div>
  );
}
