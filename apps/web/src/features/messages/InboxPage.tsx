import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ThreadStatus, type InboxThread } from '@portal/protocol';
import { DATE_TIME, formatDate, formatNumber } from '../../i18n/format.ts';
import { formatPersonName } from '../../i18n/person-name.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { SearchForm } from '../../ui/SearchForm.tsx';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { messageErrorKey } from './message-error.ts';
import {
  useAssignees,
  useClinicThread,
  useInbox,
  useThreadAction,
  type InboxParams,
} from './messages-api.ts';
import '../../ui/admin-tables.css';
import './messages.css';
import './inbox.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

function queryFrom(params: URLSearchParams): InboxParams {
  const status = ThreadStatus.safeParse(params.get('status'));
  return {
    status: status.success ? status.data : undefined,
    mine: params.get('mine') === 'true' ? 'true' : undefined,
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: Number(params.get('size')) || 25,
  };
}

/** The clinic's inbox: threads with unread counts, assignment, close/reopen and replies. */
export default function InboxPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const inbox = useInbox(query);
  const selected = params.get('thread');

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <section className="admin-page inbox">
      <div className="admin-page__header">
        <PageHeading>{t('inbox.title')}</PageHeading>
      </div>
      <p>{t('inbox.intro')}</p>
      <div className="inbox__filters">
        <SearchForm
          label={t('inbox.search')}
          submitLabel={t('inbox.searchSubmit')}
          hint={t('inbox.searchHint')}
          initial={query.q ?? ''}
          onSearch={(q) => update({ q, page: undefined })}
        />
        <SelectField
          label={t('inbox.filterStatus')}
          value={query.status ?? ''}
          options={[
            { value: '', label: t('inbox.statusAll') },
            ...ThreadStatus.options.map((status) => ({ value: status, label: t(`status.${status}`) })),
          ]}
          onChange={(value) => update({ status: value || undefined, page: undefined })}
        />
        <Checkbox
          label={t('inbox.mine')}
          checked={query.mine === 'true'}
          onChange={(event) => update({ mine: event.target.checked ? 'true' : undefined, page: undefined })}
        />
      </div>
      <FormAlert message={inbox.isError ? t('errors.generic') : null} />
      <div className="inbox__panes">
        <div className="inbox__list" aria-busy={inbox.isFetching}>
          <h2 className="visually-hidden">{t('inbox.threads')}</h2>
          {inbox.data && inbox.data.items.length === 0 && <p className="inbox__empty">{t('inbox.empty')}</p>}
          <ul className="thread-list">
            {inbox.data?.items.map((thread) => (
              <li key={thread.id}>
                <ThreadButton
                  thread={thread}
                  current={thread.id === selected}
                  onSelect={() => update({ thread: thread.id })}
                />
              </li>
            ))}
          </ul>
          {inbox.data && inbox.data.total > 0 && (
            <Pagination
              page={query.page}
              pageSize={query.page_size}
              total={inbox.data.total}
              label={t('inbox.threads')}
              onPage={(page) => update({ page: String(page) })}
              onPageSize={(size) => update({ size: String(size), page: undefined })}
            />
          )}
        </div>
        <div className="inbox__thread">
          {selected ? <ThreadView id={selected} /> : <p className="inbox__empty">{t('inbox.choose')}</p>}
        </div>
      </div>
    </section>
  );
}

/** Decision 0033: a conversation with a caregiver-only account names it as a caregiver. */
function useThreadName() {
  const { t, i18n } = useTranslation('messages');
  return (thread: InboxThread) => {
    const name = formatPersonName(thread.patient, i18n.language);
    return thread.account === 'caregiver' ? t('inbox.asCaregiver', { name }) : name;
  };
}

function ThreadButton({
  thread,
  current,
  onSelect,
}: {
  thread: InboxThread;
  current: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const nameOf = useThreadName();
  return (
    <button
      type="button"
      className={`thread-item${current ? ' thread-item--current' : ''}`}
      aria-current={current ? 'true' : undefined}
      onClick={onSelect}
    >
      <span className="thread-item__name">{nameOf(thread)}</span>
      {thread.unread > 0 && (
        <span className="thread-item__unread">
          {t('inbox.unread', { count: thread.unread, n: formatNumber(thread.unread, i18n.language) })}
        </span>
      )}
      <span className="thread-item__meta">
        <time dateTime={thread.last_message_at}>
          {formatDate(new Date(thread.last_message_at), i18n.language, DATE_TIME)}
        </time>
        {' · '}
        {t(`status.${thread.status}`)}
        {' · '}
        {thread.assignee ? formatPersonName(thread.assignee, i18n.language) : t('inbox.unassigned')}
      </span>
    </button>
  );
}

function ThreadView({ id }: { id: string }) {
  const { t, i18n } = useTranslation('messages');
  const thread = useClinicThread(id);
  const assignees = useAssignees();
  const actions = useThreadAction();
  const titleId = useId();
  const nameOf = useThreadName();
  const failure = [actions.assign.error, actions.status.error].find(Boolean);
  const failureKey = failure ? messageErrorKey(failure) : null;

  if (thread.isPending) return <p className="inbox__empty">{t('panel.loading')}</p>;
  if (thread.isError) {
    return <FormAlert message={t(messageErrorKey(thread.error) ?? 'errors.generic')} />;
  }
  const data = thread.data;
  const patientName = nameOf(data);
  return (
    <article className="thread-view" aria-labelledby={titleId}>
      <header className="thread-view__header">
        <h2 id={titleId}>{t('inbox.threadWith', { name: patientName })}</h2>
        <p className="thread-view__status">{t('inbox.statusIs', { status: t(`status.${data.status}`) })}</p>
        <div className="thread-view__controls">
          <SelectField
            label={t('inbox.assignee')}
            value={data.assignee?.id ?? ''}
            disabled={actions.assign.isPending}
            options={[
              { value: '', label: t('inbox.unassigned') },
              ...(assignees.data?.items.map((a) => ({
                value: a.id,
                label: formatPersonName(a, i18n.language),
              })) ?? []),
            ]}
            onChange={(value) => actions.assign.mutate({ id: data.id, assignee_id: value || null })}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={actions.status.isPending}
            onClick={() =>
              actions.status.mutate({ id: data.id, status: data.status === 'open' ? 'closed' : 'open' })
            }
          >
            {data.status === 'open' ? t('inbox.close') : t('inbox.reopen')}
          </button>
        </div>
        <FormAlert message={failureKey && t(failureKey)} />
      </header>
      <MessageList
        messages={data.messages}
        viewer="clinic"
        label={t('panel.conversation')}
        patientName={patientName}
      />
      <Composer
        label={t('inbox.replyLabel', { name: patientName })}
        onSend={(draft) => actions.reply.mutateAsync({ ...draft, id: data.id })}
        pending={actions.reply.isPending}
      />
    </article>
  );
}
