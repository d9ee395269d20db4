import type { Result } from 'lighthouse';

export interface CategoryTarget {
  id: 'performance' | 'accessibility' | 'best-practices';
  title: string;
  /** Lowest passing score, 0–100. */
  min: number;
}

/** Issue 11's targets for every page and preset. */
export const CATEGORIES: readonly CategoryTarget[] = [
  { id: 'performance', title: 'performance', min: 95 },
  { id: 'accessibility', title: 'accessibility', min: 100 },
  { id: 'best-practices', title: 'best practices', min: 95 },
];

export interface CategoryVerdict {
  category: CategoryTarget;
  /** 0–100 as Lighthouse shows it; null when the category could not be scored. */
  score: number | null;
  passed: boolean;
}

export function judgeCategories(lhr: Result): CategoryVerdict[] {
  return CATEGORIES.map((category) => {
    const raw = lhr.categories[category.id]?.score;
    const score = raw === null || raw === undefined ? null : Math.round(raw * 100);
    return { category, score, passed: score !== null && score >= category.min };
  });
}

export interface PointsLost {
  id: string;
  title: string;
  displayValue: string | undefined;
  /** Points of the category's 100 this audit cost. */
  points: number;
}

/** The category's weighted audits that scored below 1, largest loss first. */
export function pointsLost(lhr: Result, categoryId: CategoryTarget['id']): PointsLost[] {
  const refs = lhr.categories[categoryId]?.auditRefs ?? [];
  const scored = refs.filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number');
  const totalWeight = scored.reduce((sum, ref) => sum + ref.weight, 0);
  if (totalWeight === 0) return [];
  return scored
    .map((ref) => {
      const audit = lhr.audits[ref.id]!;
      return {
        id: ref.id,
        title: audit.title,
        displayValue: audit.displayValue,
        points: (ref.weight * (1 - (audit.score ?? 0)) * 100) / totalWeight,
      };
    })
    .filter((loss) => loss.points > 0)
    .sort((a, b) => b.points - a.points);
}
