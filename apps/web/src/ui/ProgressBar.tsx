import './progress-bar.css';

/**
 * spec §9: the top progress bar. Decorative (aria-hidden): the busy state of the form or
 * page itself is what assistive technology is told about.
 */
export function ProgressBar({ value }: { value: number | null }) {
  return (
    <div className={`progress-bar${value === null ? '' : ' progress-bar--active'}`} aria-hidden="true">
      <div className="progress-bar__fill" style={{ transform: `scaleX(${value ?? 0})` }} />
    </div>
  );
}
