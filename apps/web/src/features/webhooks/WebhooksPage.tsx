import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EndpointDialog } from './EndpointDialog.tsx';
import { SecretShownDialog } from './SecretShownDialog.tsx';
import { useEventWords } from './use-event-words.ts';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent, useWebhookEndpoints } from './webhooks-api.ts';
import { webhooksErrorKey } from './webhooks-error.ts';
import '../../ui/admin-tables.css';
import './webhooks.css';

const notice = (key: string) => ({
  key: `webhooks:notices.${key}`,
  tone: 'success' as const,
  durationMs: 6_000,
});

type Editing = { endpoint?: WebhookEndpoint } | null;
type Confirming = { action: 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null;

/**
 * The addresses the portal tells of events (manage_settings, decision 0038): add, edit, enable
 * or disable one, rotate its signing secret, send it a test; and the log of what was delivered.
 */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints();
  const sendTest = useSendTestEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const testError = sendTest.isError ? webhooksErrorKey(sendTest.error) : null;

  return (
    <section className="admin-page webhooks">
      <div className="admin-page__header">
        <PageHeading>{t('title')}</PageHeading>
        <button type="button" className="button button--primary" onClick={() => setEditing({})}>
          {t('add.open')}
        </button>
      </div>
      <p>{t('intro')}</p>
      {endpoints.isPending && <p>{t('loading')}</p>}
      {endpoints.isError && <p role="alert">{t(webhooksErrorKey(endpoints.error) ?? 'errors.generic')}</p>}
      {endpoints.data?.endpoints.length === 0 && <p>{t('empty')}</p>}
      <FormAlert message={testError && t(testError)} />
      {endpoints.data && endpoints.data.endpoints.length > 0 && (
        <EndpointsTable
          endpoints={endpoints.data.endpoints}
          onEdit={(endpoint) => setEditing({ endpoint })}
          onConfirm={(action, endpoint) => setConfirming({ action, endpoint })}
          onTest={(endpoint) =>
            sendTest.mutate({ id: endpoint.id }, { onSuccess: () => showNotice(notice('tested')) })
          }
        />
      )}
      {endpoints.data && <DeliveryLog endpoints={endpoints.data.endpoints} />}
      {editing && (
        <EndpointDialog
          endpoint={editing.endpoint}
          onCancel={() => setEditing(null)}
          onDone={(created) => {
            setEditing(null);
            if (created) setSecret(created);
            else showNotice(notice('saved'));
          }}
        />
      )}
      {confirming && (
        <ConfirmAction {...confirming} onRotated={setSecret} onClose={() => setConfirming(null)} />
      )}
      {secret && (
        <SecretShownDialog url={secret.endpoint.url} secret={secret.secret} onClose={() => setSecret(null)} />
      )}
    </section>
  );
}

interface EndpointsTableProps {
  endpoints: readonly WebhookEndpoint[];
  onEdit: (endpoint: WebhookEndpoint) => void;
  onConfirm: (action: 'rotate' | 'delete', endpoint: WebhookEndpoint) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
}

function EndpointsTable({ endpoints, onEdit, onConfirm, onTest }: EndpointsTableProps) {
  const { t } = useTranslation('webhooks');
  const eventWords = useEventWords();
  const column = (key: string) => t(`columns.${key}`);
  return (
    <table className="data-table webhooks-table">
      <caption>{t('caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{column('url')}</th>
          <th scope="col">{column('description')}</th>
          <th scope="col">{column('events')}</th>
          <th scope="col">{column('status')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{column('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {endpoints.map((endpoint) => {
          const whose = <span className="visually-hidden"> {endpoint.url}</span>;
          return (
            <tr key={endpoint.id}>
              <th scope="row" data-label={column('url')} className="webhooks-table__url">
                {endpoint.url}
              </th>
              <td data-label={column('description')}>{endpoint.description}</td>
              <td data-label={column('events')}>
                <ul className="webhooks-table__events">
                  {endpoint.events.map((type) => (
                    <li key={type}>{eventWords(type)}</li>
                  ))}
                </ul>
              </td>
              <td data-label={column('status')}>
                {endpoint.enabled ? t('status.active') : t('status.disabled')}
              </td>
              <td className="data-table__actions">
                <div className="webhooks-table__buttons">
                  <button type="button" className="button button--secondary" onClick={() => onEdit(endpoint)}>
                    {t('edit.open')}
                    {whose}
                  </button>
                  {endpoint.enabled && (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onTest(endpoint)}
                    >
                      {t('test.open')}
                      {whose}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onConfirm('rotate', endpoint)}
                  >
                    {t('rotate.open')}
                    {whose}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onConfirm('delete', endpoint)}
                  >
                    {t('delete.open')}
                    {whose}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface ConfirmActionProps {
  action: 'rotate' | 'delete';
  endpoint: WebhookEndpoint;
  onRotated: (answer: WebhookEndpointWithSecret) => void;
  onClose: () => void;
}

/** Rotating and deleting both break a receiver that is not told, so each asks first. */
function ConfirmAction({ action, endpoint, onRotated, onClose }: ConfirmActionProps) {
  const { t } = useTranslation('webhooks');
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const running = action === 'rotate' ? rotate : remove;
  const errorKey = running.isError ? webhooksErrorKey(running.error) : null;
  const confirm = () =>
    action === 'rotate'
      ? rotate.mutate(
          { id: endpoint.id },
          {
            onSuccess: (answer) => {
              onClose();
              onRotated(answer);
            },
          },
        )
      : remove.mutate(
          { id: endpoint.id },
          {
            onSuccess: () => {
              showNotice(notice('deleted'));
              onClose();
            },
          },
        );
  return (
    <ConfirmDialog
      title={t(`${action}.title`, { url: endpoint.url })}
      body={t(`${action}.body`)}
      confirmLabel={t(`${action}.confirm`)}
      cancelLabel={t('form.cancel')}
      busyLabel={t('working')}
      busy={running.isPending}
      danger={action === 'delete'}
      error={errorKey && t(errorKey)}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
