// The worklist's own entry, apart from the chart's, so the users home loads no chart code.
export { WorklistView } from './WorklistView.tsx';
