import type { InstrumentDefinition } from '../definition.ts';

/**
 * The Barthel Index of activities of daily living, scored 0–100 in steps of 5, exactly as
 * in design/assessments.md. Continence is judged over the past week, as the index asks.
 */
export const barthel: InstrumentDefinition = {
  id: 'barthel',
  version: 1,
  title: { gb: 'Barthel Index of activities of daily living', cn: 'Barthel 指数（日常生活活动能力评定）' },
  description: {
    gb: 'Ten everyday activities. For each one, choose what you usually do now, not what you could do at your best.',
    cn: '共十项日常活动。请按您目前通常的实际情况作答，而不是状态最好时能做到的程度。',
  },
  source: 'Mahoney FI, Barthel DW. Functional evaluation: the Barthel Index. Md State Med J. 1965;14:61-65.',
  items: [
    {
      id: 'feeding',
      required: true,
      text: { gb: 'Feeding', cn: '进食' },
      help: {
        gb: 'Eating a meal from a plate or tray within a reasonable time. Someone else may prepare the food.',
        cn: '在合理时间内从餐盘中自行进食。饭菜可以由他人准备。',
      },
      options: [
        { value: 'unable', score: 0, label: { gb: 'Unable', cn: '无法自行进食' } },
        {
          value: 'needs_help',
          score: 5,
          label: {
            gb: 'Needs help cutting food or spreading butter',
            cn: '需要帮助，如切碎食物、涂抹黄油',
          },
        },
        { value: 'independent', score: 10, label: { gb: 'Independent', cn: '完全自理' } },
      ],
    },
    {
      id: 'bathing',
      required: true,
      text: { gb: 'Bathing', cn: '洗澡' },
      help: {
        gb: 'Washing all over in a bath or shower, including getting in and out, without anyone present.',
        cn: '在浴缸或淋浴中清洗全身，包括进出浴缸或淋浴间，无需他人在场。',
      },
      options: [
        { value: 'dependent', score: 0, label: { gb: 'Dependent', cn: '需要他人帮助' } },
        { value: 'independent', score: 5, label: { gb: 'Independent', cn: '完全自理' } },
      ],
    },
    {
      id: 'grooming',
      required: true,
      text: { gb: 'Grooming', cn: '个人修饰' },
      help: {
        gb: 'Washing your face, combing your hair, cleaning your teeth and shaving.',
        cn: '洗脸、梳头、刷牙、剃须。',
      },
      options: [
        { value: 'needs_help', score: 0, label: { gb: 'Needs help with personal care', cn: '需要他人帮助' } },
        {
          value: 'independent',
          score: 5,
          label: {
            gb: 'Independent (face, hair, teeth, shaving)',
            cn: '可独立完成（洗脸、梳头、刷牙、剃须）',
          },
        },
      ],
    },
    {
      id: 'dressing',
      required: true,
      text: { gb: 'Dressing', cn: '穿衣' },
      help: {
        gb: 'Putting on and taking off clothes and shoes, including buttons, zips and laces.',
        cn: '穿脱衣服和鞋子，包括扣纽扣、拉拉链、系鞋带。',
      },
      options: [
        { value: 'dependent', score: 0, label: { gb: 'Dependent', cn: '完全依赖他人' } },
        {
          value: 'needs_help',
          score: 5,
          label: { gb: 'Needs help, but can do about half unaided', cn: '需要帮助，但约一半可自己完成' },
        },
        {
          value: 'independent',
          score: 10,
          label: {
            gb: 'Independent (including buttons, zips, laces)',
            cn: '完全自理（包括纽扣、拉链、鞋带）',
          },
        },
      ],
    },
    {
      id: 'bowels',
      required: true,
      text: { gb: 'Bowels', cn: '大便控制' },
      help: { gb: 'Bowel control over the past week.', cn: '过去一周内控制大便的情况。' },
      options: [
        {
          value: 'incontinent',
          score: 0,
          label: { gb: 'Incontinent (or needs to be given enemas)', cn: '失禁（或需要他人给予灌肠）' },
        },
        {
          value: 'occasional_accident',
          score: 5,
          label: { gb: 'Occasional accident (once a week or less)', cn: '偶尔失禁（每周不超过一次）' },
        },
        { value: 'continent', score: 10, label: { gb: 'Continent', cn: '能控制' } },
      ],
    },
    {
      id: 'bladder',
      required: true,
      text: { gb: 'Bladder', cn: '小便控制' },
      help: { gb: 'Bladder control over the past week.', cn: '过去一周内控制小便的情况。' },
      options: [
        {
          value: 'incontinent',
          score: 0,
          label: {
            gb: 'Incontinent, or catheterised and unable to manage alone',
            cn: '失禁，或留置导尿管且无法自行处理',
          },
        },
        {
          value: 'occasional_accident',
          score: 5,
          label: { gb: 'Occasional accident', cn: '偶尔失禁' },
        },
        {
          value: 'continent',
          score: 10,
          label: { gb: 'Continent (or manages a catheter alone)', cn: '能控制（或能自行处理导尿管）' },
        },
      ],
    },
    {
      id: 'toilet_use',
      required: true,
      text: { gb: 'Toilet use', cn: '如厕' },
      help: {
        gb: 'Getting on and off the toilet, adjusting clothes and wiping yourself.',
        cn: '上下马桶、整理衣裤、便后清洁。',
      },
      options: [
        { value: 'dependent', score: 0, label: { gb: 'Dependent', cn: '完全依赖他人' } },
        {
          value: 'needs_help',
          score: 5,
          label: { gb: 'Needs some help, but can do something alone', cn: '需要部分帮助，部分可自己完成' },
        },
        { value: 'independent', score: 10, label: { gb: 'Independent', cn: '完全自理' } },
      ],
    },
    {
      id: 'transfers',
      required: true,
      text: { gb: 'Transfers (bed to chair and back)', cn: '床椅转移（床与椅子之间）' },
      help: {
        gb: 'Moving from bed to a chair and back, including sitting up in bed.',
        cn: '从床移到椅子再移回床上，包括在床上坐起。',
      },
      options: [
        { value: 'unable', score: 0, label: { gb: 'Unable: no sitting balance', cn: '无法完成，不能坐稳' } },
        {
          value: 'major_help',
          score: 5,
          label: { gb: 'Major help (one or two people), can sit', cn: '需要较多帮助（一至两人），能坐' },
        },
        {
          value: 'minor_help',
          score: 10,
          label: {
            gb: 'Minor help (prompting or a steadying hand)',
            cn: '需要少量帮助（口头提醒或稍加搀扶）',
          },
        },
        { value: 'independent', score: 15, label: { gb: 'Independent', cn: '完全自理' } },
      ],
    },
    {
      id: 'mobility',
      required: true,
      text: { gb: 'Mobility on level surfaces', cn: '平地行走' },
      help: {
        gb: 'Getting about indoors on a level surface, for about 50 metres.',
        cn: '在室内平地上移动约 50 米。',
      },
      options: [
        { value: 'immobile', score: 0, label: { gb: 'Immobile', cn: '不能行走' } },
        {
          value: 'wheelchair_independent',
          score: 5,
          label: { gb: 'Independent in a wheelchair, including corners', cn: '可独立使用轮椅，包括转弯' },
        },
        {
          value: 'walks_with_help',
          score: 10,
          label: { gb: 'Walks with the help of one person', cn: '需一人帮助才能行走' },
        },
        {
          value: 'independent',
          score: 15,
          label: {
            gb: 'Independent (may use an aid, such as a stick)',
            cn: '可独立行走（可使用手杖等辅助器具）',
          },
        },
      ],
    },
    {
      id: 'stairs',
      required: true,
      text: { gb: 'Stairs', cn: '上下楼梯' },
      help: {
        gb: 'Going up and down a flight of stairs.',
        cn: '上下一段楼梯。',
      },
      options: [
        { value: 'unable', score: 0, label: { gb: 'Unable', cn: '无法完成' } },
        {
          value: 'needs_help',
          score: 5,
          label: {
            gb: 'Needs help (prompting, a hand, or someone to carry an aid)',
            cn: '需要帮助（口头提醒、搀扶或帮忙拿辅助器具）',
          },
        },
        { value: 'independent', score: 10, label: { gb: 'Independent', cn: '完全自理' } },
      ],
    },
  ],
  scoring: {
    rule: 'sum',
    min: 0,
    max: 100,
    code: { system: 'http://loinc.org', code: '96761-2', display: 'Total score Barthel Index' },
  },
  bands: [
    { id: 'total_dependency', min: 0, max: 20, label: { gb: 'Total dependency', cn: '完全依赖' } },
    { id: 'severe_dependency', min: 21, max: 60, label: { gb: 'Severe dependency', cn: '重度依赖' } },
    { id: 'moderate_dependency', min: 61, max: 90, label: { gb: 'Moderate dependency', cn: '中度依赖' } },
    { id: 'slight_dependency', min: 91, max: 99, label: { gb: 'Slight dependency', cn: '轻度依赖' } },
    { id: 'independent', min: 100, max: 100, label: { gb: 'Independent', cn: '生活自理' } },
  ],
  due_interval_days: 90,
};
