import { lazy, type ComponentType } from 'react';
import { i18next } from '../../i18n/index.ts';
import { loadEquipmentTasks } from '../equipment/index.ts';

/**
 * A card's live status, code and strings loaded together: fetched one after the other, the
 * status suspended on its feature's strings after its code had arrived, and only then asked
 * for its data (one more round trip before the welcome page is complete).
 */
export function liveStatus<Props extends object>(
  namespace: string,
  load: () => Promise<ComponentType<Props>>,
) {
  return lazy(() =>
    Promise.all([load(), i18next.loadNamespaces(namespace)]).then(([component]) => ({ default: component })),
  );
}

/** The equipment tasks: the patient's on their welcome page, each helped patient's on a caregiver's home. */
export const EquipmentTasks = liveStatus('equipment', loadEquipmentTasks);
