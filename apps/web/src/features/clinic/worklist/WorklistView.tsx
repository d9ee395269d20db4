import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  HoldReason,
  WORKLIST_COUNT_CAP,
  WORKLIST_PAGE_SIZE,
  WorklistQueue,
  WorklistSort,
  type WorklistRow,
} from '@portal/protocol';
import { formatPersonName } from '../../../i18n/person-name.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { AssigneeSelect } from './AssigneeSelect.tsx';
import { QueueCount } from './QueueCount.tsx';
import { ConversationLink, DeclineActions } from './DeclineActions.tsx';
import { useWorklist, type WorklistNarrowing } from './worklist-api.ts';
import { WorklistToolbar } from './WorklistToolbar.tsx';
import { WorklistRowText, WorklistRowTime } from './WorklistRowText.tsx';
import './worklist.css';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

/**
 * The queue, page, search, order, "mine" and hold reason the address names; anything the
 * protocol refuses falls back to the default.
 */
function selectionFrom(params: URLSearchParams) {
  const queue = WorklistQueue.safeParse(params.get('queue'));
  const narrowing: WorklistNarrowing = {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    sort: WorklistSort.safeParse(params.get('sort')).data,
    mine: params.get('mine') === 'true',
    holdReason: HoldReason.safeParse(params.get('hold_reason')).data,
  };
  return {
    queue: queue.success ? queue.data : undefined,
    page: Math.max(1, Math.min(10_000, Number(params.get('page')) || 1)),
    narrowing,
  };
}

/** The address of a queue's page, keeping the search, order and "mine" in force (the hold reason on its queue only). */
function addressOf(queue: WorklistQueue, page: number, narrowing: WorklistNarrowing) {
  return `?${new URLSearchParams({
    view: 'attention',
    queue,
    ...(page > 1 ? { page: String(page) } : {}),
    ...(narrowing.q ? { q: narrowing.q } : {}),
    ...(narrowing.sort ? { sort: narrowing.sort } : {}),
    ...(narrowing.mine ? { mine: 'true' } : {}),
    ...(queue === 'orders_on_hold' && narrowing.holdReason ? { hold_reason: narrowing.holdReason } : {}),
  })}`;
}

/** A row's item, as the server keys its assignment: a document, a resupply prompt, an order, else the patient. */
const rowKey = (row: WorklistRow) =>
  row.document?.assignment_id ?? row.order?.resupply_prompt_id ?? row.order?.id ?? row.patient.id;

/** The patient's chart; for an order, its orders section. */
const chartOf = (row: WorklistRow) => `/users/${row.patient.id}${row.order ? '#orders' : ''}`;

/**
 * "Needs attention": the queues the staff member may see, each with its count, and one
 * page of the chosen one; every queue is computed by the server. The selection lives in the
 * address so a link (the decline e-mail's) opens the right queue.
 */
export function WorklistView() {
  const { t, i18n } = useTranslation('clinic-worklist');
  const [params, setParams] = useSearchParams();
  const selection = selectionFrom(params);
  const worklist = useWorklist(selection.queue, selection.page, selection.narrowing);
  const data = worklist.data;
  const queue = data?.queue ?? selection.queue;
  const hrefOf = (q: WorklistQueue, page = 1) => addressOf(q, page, selection.narrowing);
  const nameOf = (row: WorklistRow) => formatPersonName(row.patient, i18n.language);

  return (
    <div className="worklist">
      <p className="worklist__intro">{t('intro')}</p>
      <FormAlert message={worklist.isError && t('errors.load')} />
      {data && (
        <nav className="worklist__queues" aria-label={t('queues.label')}>
          <ul>
            {data.queues.map(({ queue: q, count }) => (
              <li key={q}>
                <Link
                  to={hrefOf(q)}
                  className="worklist__queue"
                  aria-current={q === data.queue ? 'page' : undefined}
                >
                  <span>{t(`queues.${q}`)}</span>
                  <QueueCount queue={q} count={count} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {data && queue && (
        <WorklistToolbar
          narrowing={selection.narrowing}
          holdCounts={data.hold_counts}
          onChange={(change) =>
            setParams(
              new URLSearchParams(addressOf(queue, 1, { ...selection.narrowing, ...change }).slice(1)),
            )
          }
        />
      )}
      {data && queue && (
        <div className="admin-page__table" aria-busy={worklist.isFetching}>
          <table className="data-table worklist__table">
            <caption>{t(`queues.${queue}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('table.patient')}</th>
                <th scope="col">{t('table.what')}</th>
                <th scope="col">{t('table.when')}</th>
                <th scope="col">{t('table.assignee')}</th>
                <th scope="col" className="data-table__actions">
                  {t('table.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && (
                <tr>
                  <td colSpan={5} className="data-table__empty">
                    {selection.narrowing.q ||
                    selection.narrowing.mine ||
                    (queue === 'orders_on_hold' && selection.narrowing.holdReason)
                      ? t('table.noMatch')
                      : t('table.empty')}
                  </td>
                </tr>
              )}
              {data.items.map((row) => (
                <tr key={rowKey(row)}>
                  <th scope="row" data-label={t('table.patient')}>
                    <Link to={chartOf(row)}>{nameOf(row)}</Link>
                  </th>
                  <td data-label={t('table.what')}>
                    <WorklistRowText queue={queue} row={row} />
                  </td>
                  <td data-label={t('table.when')}>
                    <WorklistRowTime queue={queue} row={row} />
                  </td>
                  <td data-label={t('table.assignee')}>
                    <AssigneeSelect queue={queue} row={row} patientName={nameOf(row)} />
                  </td>
                  <td className="data-table__actions" data-label={t('table.actions')}>
                    {queue === 'declined_documents' && row.document ? (
                      <DeclineActions row={row} patientName={nameOf(row)} />
                    ) : queue === 'unread_messages' ? (
                      <ConversationLink row={row} patientName={nameOf(row)} />
                    ) : row.order ? (
                      <Link
                        to={chartOf(row)}
                        aria-label={t('actions.openOrdersLabel', { name: nameOf(row) })}
                      >
                        {t('actions.openOrders')}
                      </Link>
                    ) : (
                      <Link to={chartOf(row)} aria-label={t('actions.openLabel', { name: nameOf(row) })}>
                        {t('actions.open')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={data.page}
            pageSize={WORKLIST_PAGE_SIZE}
            total={data.total}
            openEnded={data.total >= WORKLIST_COUNT_CAP ? { shown: data.items.length } : undefined}
            label={t(`queues.${queue}`)}
            onPage={(page) => setParams(new URLSearchParams(hrefOf(queue, page).slice(1)))}
          />
        </div>
      )}
    </div>
  );
}
