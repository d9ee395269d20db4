import type { Vocabulary } from '../vocabulary.ts';

export const documentEvent: Vocabulary['documentEvent'] = {
  assign: '已创建',
  send: '已发送待签署',
  submit: '已提交',
  sign: '已签署',
  accept: '已接受',
  countersign: '已会签',
  reject: '已拒绝',
  expire: '已过期',
  cancel: '已取消',
  resend: '已重新发送',
  view: '已打开',
  open_signing: '已打开以签署',
};
