// The equipment feature's public entry: its welcome-page tasks, loaded after the welcome page paints.
export const loadEquipmentTasks = () => import('./EquipmentTasks.tsx').then((m) => m.EquipmentTasks);
