// The clinic workspace's public entry: what the user page shows of a patient's record.
export { PatientChart } from './chart/PatientChart.tsx';
export { ProfileSummary } from './chart/ProfileSummary.tsx';
export { ChartExports } from './exports/ChartExports.tsx';
export { CaregiversPanel } from './caregivers/CaregiversPanel.tsx';
export { PatientDocuments } from './documents/PatientDocuments.tsx';
