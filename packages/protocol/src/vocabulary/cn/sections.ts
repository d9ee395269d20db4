import type { Vocabulary } from '../vocabulary.ts';

export const intakeSection: Vocabulary['intakeSection'] = {
  profile: '个人资料',
  contact: '联系方式',
  emergency_content: '紧急联系人',
  treating_practitioner: '主治医生',
  insurance: '保险',
  medical_history: '病史',
};

export const chartSection: Vocabulary['chartSection'] = {
  ...intakeSection,
  bf_adl: 'BF-ADL',
  documents: '文件',
};
