import type { Vocabulary } from '../vocabulary.ts';

export const orderStatus: Vocabulary['orderStatus'] = {
  draft: '草稿',
  submitted: '已下单',
  on_hold: '暂停处理',
  approved: '已批准',
  delivery_scheduled: '已预约送货',
  out_for_delivery: '配送中',
  delivered: '已送达',
  in_rental: '租用中',
  return_scheduled: '已预约取回',
  returned: '已归还',
  completed: '已完成',
  cancelled: '已取消',
};

export const holdReason: Vocabulary['holdReason'] = {
  prescription_needed: '需要处方',
  prior_authorisation_pending: '等待预先授权',
  insurance_issue: '需要保险信息',
  assessment_needed: '需要完成 BF-ADL 评估',
  signature_needed: '需要您的签名',
  patient_unreachable: '我们无法联系到您',
};

export const holdReasonStaff: Vocabulary['holdReasonStaff'] = {
  prescription_needed: '需要处方',
  prior_authorisation_pending: '等待预先授权',
  insurance_issue: '保险问题',
  assessment_needed: '需要完成 BF-ADL 评估',
  signature_needed: '需要患者签名',
  patient_unreachable: '无法联系患者',
};

export const orderEvent: Vocabulary['orderEvent'] = {
  create: '已开具订单',
  submit: '已下单',
  hold: '已暂停',
  clear_hold: '暂停原因已解决',
  release: '恢复处理',
  approve: '已批准',
  offer_slots: '已提供送货时间',
  schedule: '已预约送货',
  dispatch: '配送中',
  deliver: '已送达',
  start_rental: '租用开始',
  schedule_return: '已预约取回',
  return: '已归还',
  complete: '已完成',
  cancel: '已取消',
};

export const catalogueCategory: Vocabulary['catalogueCategory'] = {
  mobility: '行动辅助',
  respiratory: '呼吸',
  bathroom: '浴室',
  bedroom: '卧室',
  supplies: '耗材',
};

export const designeeRelationship: Vocabulary['designeeRelationship'] = {
  spouse: '配偶',
  partner: '伴侣',
  son: '儿子',
  daughter: '女儿',
  parent: '父母',
  sibling: '兄弟姐妹',
  other_relative: '其他亲属',
  friend: '朋友',
  neighbour: '邻居',
  carer: '护理人员',
  other: '其他',
};
