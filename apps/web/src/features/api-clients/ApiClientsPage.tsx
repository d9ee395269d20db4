import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FhirClientView } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateTime } from '../../ui/DateTime.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useApiClients, useRevokeApiClient } from './api-clients-api.ts';
import { apiClientsErrorKey } from './api-clients-error.ts';
import { RegisterClientDialog } from './RegisterClientDialog.tsx';
import '../../ui/admin-tables.css';
import './api-clients.css';

const notice = (key: string) => ({ key: `api-clients:${key}`, tone: 'success' as const, durationMs: 6_000 });

/**
 * The systems that read the clinic's records through the FHIR API (manage_settings): register
 * one with its public keys and scopes, copy its client id, revoke it.
 */
export default function ApiClientsPage() {
  const { t } = useTranslation('api-clients');
  const clients = useApiClients();
  const [registering, setRegistering] = useState(false);
  const [revoking, setRevoking] = useState<FhirClientView | null>(null);

  return (
    <section className="admin-page api-clients">
      <div className="admin-page__header">
        <PageHeading>{t('title')}</PageHeading>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setRegistering(true)}
          disabled={!clients.data}
        >
          {t('register.open')}
        </button>
      </div>
      <p>{t('intro')}</p>
      {clients.isPending && <p>{t('loading')}</p>}
      {clients.isError && <p role="alert">{t(apiClientsErrorKey(clients.error) ?? 'errors.generic')}</p>}
      {clients.data?.clients.length === 0 && <p>{t('empty')}</p>}
      {clients.data && clients.data.clients.length > 0 && (
        <ClientsTable clients={clients.data.clients} onRevoke={setRevoking} />
      )}
      {registering && clients.data && (
        <RegisterClientDialog
          scopes={clients.data.scopes_supported}
          onCancel={() => setRegistering(false)}
          onDone={() => {
            showNotice(notice('notices.registered'));
            setRegistering(false);
          }}
        />
      )}
      {revoking && <RevokeDialog client={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}

function ClientsTable({
  clients,
  onRevoke,
}: {
  clients: readonly FhirClientView[];
  onRevoke: (client: FhirClientView) => void;
}) {
  const { t } = useTranslation('api-clients');
  const column = (key: string) => t(`columns.${key}`);
  return (
    <table className="data-table api-clients-table">
      <caption>{t('caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{column('name')}</th>
          <th scope="col">{column('clientId')}</th>
          <th scope="col">{column('scopes')}</th>
          <th scope="col">{column('registered')}</th>
          <th scope="col">{column('status')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{column('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {clients.map((client) => (
          <tr key={client.id}>
            <th scope="row" data-label={column('name')}>
              {client.name}
            </th>
            <td data-label={column('clientId')}>
              <code className="api-clients-table__id">{client.id}</code>{' '}
              <CopyButton text={client.id} name={client.name} />
            </td>
            <td data-label={column('scopes')}>{client.scopes.join(' ')}</td>
            <td data-label={column('registered')}>
              <DateTime value={client.created_at} />
            </td>
            <td data-label={column('status')}>
              {client.revoked_at ? t('status.revoked') : t('status.active')}
            </td>
            <td className="data-table__actions">
              {!client.revoked_at && (
                <button type="button" className="button button--secondary" onClick={() => onRevoke(client)}>
                  {t('revoke.open')}
                  <span className="visually-hidden"> {client.name}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CopyButton({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation('api-clients');
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    showNotice(notice('notices.copied'));
  };
  return (
    <button type="button" className="button button--ghost" onClick={() => void copy()}>
      {t('copy')}
      <span className="visually-hidden"> {t('copyWhose', { name })}</span>
    </button>
  );
}

function RevokeDialog({ client, onClose }: { client: FhirClientView; onClose: () => void }) {
  const { t } = useTranslation('api-clients');
  const revoke = useRevokeApiClient();
  const errorKey = revoke.isError ? apiClientsErrorKey(revoke.error) : null;
  return (
    <ConfirmDialog
      title={t('revoke.title', { name: client.name })}
      body={t('revoke.body')}
      confirmLabel={t('revoke.confirm')}
      cancelLabel={t('revoke.cancel')}
      busyLabel={t('revoke.busy')}
      busy={revoke.isPending}
      danger
      error={errorKey && t(errorKey)}
      onConfirm={() =>
        revoke.mutate(client.id, {
          onSuccess: () => {
            showNotice(notice('notices.revoked'));
            onClose();
          },
        })
      }
      onCancel={onClose}
    />
  );
}
