import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ActingForGrant } from '@portal/protocol';
import { openRecord } from '../../api/caregiver-grants.ts';
import { MenuButton, type MenuEntry } from '../../ui/MenuButton.tsx';

interface RecordSwitcherProps {
  /** The live grants this person holds. */
  received: readonly ActingForGrant[];
  /** The patient whose record is open, null for one's own. */
  open: string | null;
  /** False for a caregiver-only account: it has no record of its own to offer (decision 0032). */
  hasOwnRecord: boolean;
}

/**
 * Decision 0023: whose record is open, and the others this person may open. A menu button
 * (arrows, Home/End, Escape); the switch is announced, since the page's content changes with it.
 */
export function RecordSwitcher({ received, open, hasOwnRecord }: RecordSwitcherProps) {
  const { t } = useTranslation('caregivers');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [announced, setAnnounced] = useState('');
  const current = received.find((g) => g.patient_id === open);
  const choose = (patientId: string | null, name: string) => {
    openRecord(client, patientId);
    setAnnounced(patientId ? t('record.nowActing', { name }) : t('record.nowOwn'));
    void navigate('/welcome');
  };
  const own: MenuEntry = {
    kind: 'radio',
    id: 'record-own',
    label: t('record.own'),
    checked: open === null,
    onSelect: () => choose(null, ''),
  };
  const entries: MenuEntry[] = [
    ...(hasOwnRecord ? [own] : []),
    ...received.map((grant): MenuEntry => ({
      kind: 'radio',
      id: `record-${grant.patient_id}`,
      label: grant.patient_name,
      checked: grant.patient_id === open,
      onSelect: () => choose(grant.patient_id, grant.patient_name),
    })),
  ];
  return (
    <>
      <MenuButton entries={entries} className="record-switcher">
        <span className="record-switcher__label">
          <span className="visually-hidden">{t('record.menu')}: </span>
          {current ? current.patient_name : hasOwnRecord ? t('record.ownShort') : t('record.choose')}
        </span>
      </MenuButton>
      <p role="status" className="visually-hidden">
        {announced}
      </p>
    </>
  );
}
