// The idle warning's public entry, loaded lazily by the signed-in layout (decision 0010).
export { default as IdleWarning } from './IdleWarning.tsx';
