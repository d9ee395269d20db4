import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import type { TrendPoint } from './trend-summary.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale);

interface TrendChartProps {
  points: TrendPoint[];
  min: number;
  max: number;
  /** The text alternative; the table beside the chart holds the same values. */
  summary: string;
}

/**
 * The score trend, loaded with chart.js only when a patient has two or more results. A
 * canvas is a picture to assistive technology, so it is `role="img"` with the summary as its
 * name (WCAG 1.1.1).
 */
export default function TrendChart({ points, min, max, summary }: TrendChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(document.documentElement);
    const colour = (name: string) => styles.getPropertyValue(name).trim();
    // The canvas draws its own text; Chinese dates need the page's CJK-capable fonts.
    const ticks = {
      color: colour('--color-text-muted'),
      font: { family: getComputedStyle(document.body).fontFamily },
    };
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: points.map((p) => p.label),
        datasets: [
          {
            data: points.map((p) => p.score),
            borderColor: colour('--color-primary'),
            backgroundColor: colour('--color-primary'),
            pointRadius: 5,
            borderWidth: 2,
            // A point at the top of the scale (a full score) is drawn whole, not cut by the axis.
            clip: false,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : { duration: 400 },
        layout: { padding: { top: 8, right: 8 } },
        scales: {
          y: { min, max, ticks },
          x: { ticks },
        },
      },
    });
    return () => chart.destroy();
  }, [points, min, max]);

  return (
    <div className="bf-adl-chart">
      <canvas ref={canvas} role="img" aria-label={summary}>
        {summary}
      </canvas>
    </div>
  );
}
