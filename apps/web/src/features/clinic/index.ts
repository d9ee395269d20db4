// The clinic workspace's public entry: what other features (the user page) may show.
export { PatientChart } from './chart/PatientChart.tsx';
