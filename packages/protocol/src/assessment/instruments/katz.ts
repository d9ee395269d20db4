import type { InstrumentDefinition } from '../definition.ts';

const independent = { gb: 'Independent', cn: '独立完成' };
const dependent = { gb: 'Dependent', cn: '需要帮助' };

/** One Katz item: 1 for independent, 0 for dependent, each explained in its help text. */
function katzItem(
  id: string,
  text: { gb: string; cn: string },
  help: { gb: string; cn: string },
): InstrumentDefinition['items'][number] {
  return {
    id,
    required: true,
    text,
    help,
    options: [
      { value: 'dependent', score: 0, label: dependent },
      { value: 'independent', score: 1, label: independent },
    ],
  };
}

/**
 * The Katz Index of independence in activities of daily living (design/assessments.md):
 * six items, 1 independent / 0 dependent, total 0–6. Shipped as data beside the Barthel
 * Index; the BF-ADL screen uses the Barthel Index.
 */
export const katz: InstrumentDefinition = {
  id: 'katz',
  version: 1,
  title: {
    gb: 'Katz Index of independence in activities of daily living',
    cn: 'Katz 日常生活活动独立性指数',
  },
  description: {
    gb: 'Six everyday activities. Independent means without supervision, direction or personal help.',
    cn: '共六项日常活动。“独立完成”指无需他人监督、指导或亲自协助。',
  },
  source:
    'Katz S, Ford AB, Moskowitz RW, et al. Studies of illness in the aged. The index of ADL. JAMA. 1963;185:914-919.',
  items: [
    katzItem(
      'bathing',
      { gb: 'Bathing', cn: '洗澡' },
      {
        gb: 'Independent: bathes alone, or needs help with one part of the body only (such as the back).',
        cn: '独立完成：能自己洗澡，或仅需他人帮助清洗身体某一部位（如背部）。',
      },
    ),
    katzItem(
      'dressing',
      { gb: 'Dressing', cn: '穿衣' },
      {
        gb: 'Independent: gets clothes out and puts them on, fasteners included; help tying shoes is allowed.',
        cn: '独立完成：能自己取出衣物并穿好，包括扣件；系鞋带可由他人帮忙。',
      },
    ),
    katzItem(
      'toileting',
      { gb: 'Toileting', cn: '如厕' },
      {
        gb: 'Independent: gets to the toilet, on and off, arranges clothes and cleans without help.',
        cn: '独立完成：能自行去厕所、上下马桶、整理衣裤并完成便后清洁。',
      },
    ),
    katzItem(
      'transferring',
      { gb: 'Transferring', cn: '转移' },
      {
        gb: 'Independent: moves in and out of bed or a chair unassisted; mechanical aids are allowed.',
        cn: '独立完成：能不靠他人上下床或坐到椅子上、从椅子上起身；可以使用辅助器械。',
      },
    ),
    katzItem(
      'continence',
      { gb: 'Continence', cn: '大小便控制' },
      {
        gb: 'Independent: complete control of urination and defecation.',
        cn: '独立完成：能完全控制大小便。',
      },
    ),
    katzItem(
      'feeding',
      { gb: 'Feeding', cn: '进食' },
      {
        gb: 'Independent: gets food from plate to mouth without help; someone else may prepare it.',
        cn: '独立完成：能不靠他人把食物从盘中送入口中；饭菜可由他人准备。',
      },
    ),
  ],
  scoring: { rule: 'sum', min: 0, max: 6 },
  bands: [
    {
      id: 'severe_impairment',
      min: 0,
      max: 2,
      label: { gb: 'Severe functional impairment', cn: '严重功能障碍' },
    },
    { id: 'moderate_impairment', min: 3, max: 5, label: { gb: 'Moderate impairment', cn: '中度功能障碍' } },
    { id: 'full_function', min: 6, max: 6, label: { gb: 'Full function', cn: '功能完好' } },
  ],
  due_interval_days: 90,
};
