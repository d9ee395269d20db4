import type gb from '../gb/api-clients.ts';

/** API 客户端页面（决策 0037）：通过 FHIR API 读取记录的系统。 */
export default {
  title: 'API 客户端',
  intro:
    '通过 FHIR API（SMART 后端服务）读取诊所记录的系统。每个系统用私钥证明身份；请在此登记其公钥，并把客户端 ID 交给该系统。',
  loading: '正在加载…',
  empty: '尚未登记任何 API 客户端。',
  caption: '已登记的 API 客户端',
  columns: {
    name: '名称',
    clientId: '客户端 ID',
    scopes: '权限范围',
    registered: '登记时间',
    status: '状态',
    actions: '操作',
  },
  status: { active: '有效', revoked: '已撤销' },
  copy: '复制',
  copyWhose: '{{name}} 的客户端 ID',
  register: {
    open: '登记客户端',
    title: '登记 API 客户端',
    name: '名称',
    jwks: '公钥（JWK Set）',
    jwksHint:
      '粘贴其公钥的 JSON，或选择文件：2048 位及以上的 RS384 密钥或 ES384 密钥，每个密钥有自己的 kid。切勿提供私钥。',
    jwksFile: '或选择 .json 文件',
    scopes: '可读取的内容',
    everyType: '所有资源类型',
    submit: '登记',
    saving: '正在登记…',
    cancel: '取消',
  },
  revoke: {
    open: '撤销',
    title: '撤销 {{name}}？',
    body: '其访问令牌将立即失效，且不会再获得新令牌。此操作无法撤回：如需恢复，请重新登记。',
    confirm: '撤销',
    busy: '正在撤销…',
    cancel: '取消',
  },
  notices: {
    registered: '客户端已登记。',
    revoked: '客户端已撤销。',
    copied: '客户端 ID 已复制。',
  },
  errors: {
    generic: '出现问题，请重试。',
    validation: '请检查表单。',
    forbidden: '您无权执行此操作。',
    notFound: '该客户端已不存在，请重新加载页面。',
    required: '必填。',
    tooLong: '最多 {{max}} 个字符。',
    tooShort: '至少 {{min}} 个字符。',
    invalid: '请检查此值。',
    choose: '请选择一项。',
    email: '请输入电子邮件地址。',
    chooseScope: '请至少选择一种资源类型。',
    jwksRefused: '无法登记这些密钥：只能提供公钥，2048 位及以上的 RS384 或 ES384，每个密钥有自己的 kid。',
    scopesRefused: '其中某个权限范围不受支持。',
  },
} satisfies typeof gb;
