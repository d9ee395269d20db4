export default {
  appName: '患者门户',
  loading: '正在加载…',
  notices: '通知',
  dismissNotice: '关闭通知',
  skipToContent: '跳到主要内容',
  backToDashboard: '返回主页',
  tryAgain: '重试',
  signaturePad: {
    label: '签名区域。请用手指、触控笔或鼠标书写您的签名。',
    clear: '清除签名',
  },
  notFound: {
    title: '这个页面去钓鱼了',
    body: '您要找的页面不在这里。它可能已被移动，或者链接已经过期。',
  },
  copyright: '© {{year}} {{clinic}}。保留所有权利。',
};
