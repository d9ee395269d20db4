import type { Vocabulary } from '../vocabulary.ts';

export const documentStatus: Vocabulary['documentStatus'] = {
  patient: {
    draft: '进行中',
    submitted: '已提交',
    pending_signature: '等待您签署',
    signed: '已签署',
    completed: '已完成',
    rejected: '您已拒绝此表单',
    expired: '签署已过期',
    cancelled: '已取消',
  },
  acting: {
    draft: '进行中',
    submitted: '已提交',
    pending_signature: '等待签署',
    signed: '已签署',
    completed: '已完成',
    rejected: '已拒绝',
    expired: '签署已过期',
    cancelled: '已取消',
  },
  staff: {
    draft: '进行中',
    submitted: '已提交',
    pending_signature: '等待签署',
    signed: '已签署',
    completed: '已完成',
    rejected: '已拒绝',
    expired: '已过期',
    cancelled: '已取消',
  },
};
