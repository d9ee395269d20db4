import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookMessageStatus, type WebhookEndpoint, type WebhookMessage } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { DateTime } from '../../ui/DateTime.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useEventWords } from './use-event-words.ts';
import { useResendMessage, useWebhookMessages, type MessageFilter } from './webhooks-api.ts';
import { webhooksErrorKey } from './webhooks-error.ts';

const ANY = '';

/** The delivery log, newest first, by endpoint and status; delivered and dead messages can go again. */
export function DeliveryLog({ endpoints }: { endpoints: readonly WebhookEndpoint[] }) {
  const { t } = useTranslation('webhooks');
  const [filter, setFilter] = useState<MessageFilter>({ page: 1, pageSize: 25 });
  const messages = useWebhookMessages(filter);
  const resend = useResendMessage();
  const errorKey = resend.isError ? webhooksErrorKey(resend.error) : null;
  const urlOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <section className="webhook-log" aria-labelledby="webhook-log-heading">
      <h2 id="webhook-log-heading">{t('log.heading')}</h2>
      <div className="webhook-log__filters">
        <SelectField
          label={t('log.endpoint')}
          value={filter.endpointId ?? ANY}
          options={[
            { value: ANY, label: t('log.anyEndpoint') },
            ...endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url })),
          ]}
          onChange={(value) => setFilter({ ...filter, page: 1, endpointId: value || undefined })}
        />
        <SelectField
          label={t('log.status')}
          value={filter.status ?? ANY}
          options={[
            { value: ANY, label: t('log.anyStatus') },
            ...WebhookMessageStatus.options.map((status) => ({
              value: status,
              label: t(`log.statuses.${status}`),
            })),
          ]}
          onChange={(value) =>
            setFilter({ ...filter, page: 1, status: WebhookMessageStatus.safeParse(value).data })
          }
        />
      </div>
      <FormAlert message={errorKey && t(errorKey)} />
      {messages.isPending && <p>{t('loading')}</p>}
      {messages.isError && <p role="alert">{t(webhooksErrorKey(messages.error) ?? 'errors.generic')}</p>}
      {messages.data?.items.length === 0 && <p>{t('log.empty')}</p>}
      {messages.data && messages.data.items.length > 0 && (
        <MessagesTable
          messages={messages.data.items}
          urlOf={urlOf}
          busy={resend.isPending}
          onResend={(message) =>
            resend.mutate(
              { id: message.id },
              {
                onSuccess: () =>
                  showNotice({ key: 'webhooks:notices.resent', tone: 'success', durationMs: 6_000 }),
              },
            )
          }
        />
      )}
      {messages.data && (
        <Pagination
          page={filter.page}
          pageSize={filter.pageSize}
          total={messages.data.total}
          label={t('log.caption')}
          onPage={(page) => setFilter({ ...filter, page })}
          onPageSize={(pageSize) => setFilter({ ...filter, page: 1, pageSize })}
        />
      )}
    </section>
  );
}

interface MessagesTableProps {
  messages: readonly WebhookMessage[];
  urlOf: ReadonlyMap<string, string>;
  busy: boolean;
  onResend: (message: WebhookMessage) => void;
}

function MessagesTable({ messages, urlOf, busy, onResend }: MessagesTableProps) {
  const { t } = useTranslation('webhooks');
  const eventWords = useEventWords();
  const column = (key: string) => t(`log.columns.${key}`);
  return (
    <table className="data-table webhook-log-table">
      <caption>{t('log.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{column('event')}</th>
          <th scope="col">{column('id')}</th>
          <th scope="col">{column('created')}</th>
          <th scope="col">{column('attempts')}</th>
          <th scope="col">{column('status')}</th>
          <th scope="col">{column('lastAnswer')}</th>
          <th scope="col">{column('nextAttempt')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{column('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <th scope="row" data-label={column('event')}>
              {eventWords(message.event_type)}
              <span className="webhook-log-table__url">{urlOf.get(message.endpoint_id)}</span>
            </th>
            <td data-label={column('id')}>
              <code className="webhook-log-table__id">{message.id}</code>
            </td>
            <td data-label={column('created')}>
              <DateTime value={message.created_at} />
            </td>
            <td data-label={column('attempts')}>{message.attempts}</td>
            <td data-label={column('status')}>{t(`log.statuses.${message.status}`)}</td>
            <td data-label={column('lastAnswer')}>{<LastAnswer message={message} />}</td>
            <td data-label={column('nextAttempt')}>
              {message.next_attempt_at ? <DateTime value={message.next_attempt_at} /> : t('log.none')}
            </td>
            <td className="data-table__actions">
              {message.status !== 'pending' && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => onResend(message)}
                >
                  {t('log.resend')}
                  <span className="visually-hidden"> {message.id}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LastAnswer({ message }: { message: WebhookMessage }) {
  const { t } = useTranslation('webhooks');
  if (message.last_status !== null) return <>{t('log.httpStatus', { status: message.last_status })}</>;
  if (message.last_error !== null)
    return <span className="webhook-log-table__error">{message.last_error}</span>;
  return <>{t('log.none')}</>;
}
