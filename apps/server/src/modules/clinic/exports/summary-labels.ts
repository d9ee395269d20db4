import type { Locale } from '@portal/protocol';

/**
 * The printable summary's own words, in each language staff read; a chart section's heading and a
 * document's status come from the vocabulary, as on the chart.
 */
export const SUMMARY_LABELS = {
  gb: {
    title: 'Patient summary',
    generated: 'Printed {{when}} by {{who}}. Confidential: contains health information.',
    page: 'Page {{page}} of {{pages}}',
    sections: {
      patient: 'Patient',
      allergies: 'Allergies',
      conditions: 'Conditions',
      surgeries: 'Surgeries',
      medications: 'Medications',
      mobility: 'Mobility aids and devices',
      bfAdl: 'BF-ADL (Barthel index)',
    },
    fields: {
      name: 'Name',
      preferredName: 'Preferred name',
      dateOfBirth: 'Date of birth',
      sexAtBirth: 'Sex at birth',
      height: 'Height',
      weight: 'Weight',
      mobile: 'Mobile',
      phone: 'Phone',
      email: 'E-mail',
      address: 'Address',
      smoking: 'Smoking',
      notes: 'Notes',
      memberId: 'Member ID',
      primary: 'primary',
      reason: 'Reason',
    },
    none: 'None recorded',
    notAnswered: 'Not answered yet',
    noKnownAllergies: 'No known allergies',
    allergy: '{{substance}}: {{severity}} ({{reaction}})',
    score: '{{date}}: {{score}} points, {{band}}',
    sexAtBirth: { female: 'Female', male: 'Male', intersex: 'Intersex', not_disclosed: 'Not disclosed' },
    severity: { mild: 'mild', moderate: 'moderate', severe: 'SEVERE', unknown: 'severity unknown' },
    smoking: {
      never: 'Never',
      former: 'Former smoker',
      current: 'Current smoker',
      not_disclosed: 'Not disclosed',
    },
  },
  cn: {
    title: '患者摘要',
    generated: '由{{who}}于{{when}}打印。机密：包含健康信息。',
    page: '第 {{page}} 页，共 {{pages}} 页',
    sections: {
      patient: '患者',
      allergies: '过敏',
      conditions: '疾病',
      surgeries: '手术',
      medications: '用药',
      mobility: '助行器具和设备',
      bfAdl: 'BF-ADL（巴氏指数）',
    },
    fields: {
      name: '姓名',
      preferredName: '常用名',
      dateOfBirth: '出生日期',
      sexAtBirth: '出生时性别',
      height: '身高',
      weight: '体重',
      mobile: '手机',
      phone: '电话',
      email: '电子邮件',
      address: '地址',
      smoking: '吸烟',
      notes: '备注',
      memberId: '会员编号',
      primary: '主要',
      reason: '理由',
    },
    none: '无记录',
    notAnswered: '尚未填写',
    noKnownAllergies: '无已知过敏',
    allergy: '{{substance}}：{{severity}}（{{reaction}}）',
    score: '{{date}}：{{score}} 分，{{band}}',
    sexAtBirth: { female: '女', male: '男', intersex: '间性', not_disclosed: '未透露' },
    severity: { mild: '轻度', moderate: '中度', severe: '重度', unknown: '严重程度不明' },
    smoking: { never: '从不吸烟', former: '已戒烟', current: '目前吸烟', not_disclosed: '未透露' },
  },
} satisfies Record<Locale, unknown>;

export type SummaryLabels = (typeof SUMMARY_LABELS)['gb'];

/** `{{name}}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
