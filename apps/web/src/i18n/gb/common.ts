export default {
  appName: 'Patient Portal',
  loading: 'Loading…',
  notices: 'Notifications',
  dismissNotice: 'Dismiss notification',
  skipToContent: 'Skip to main content',
  backToDashboard: 'Back to dashboard',
  tryAgain: 'Try again',
  signaturePad: {
    label: 'Signature area. Draw your signature with a finger, pen or mouse.',
    clear: 'Clear signature',
  },
  notFound: {
    title: "This page's gone fishing",
    body: 'The page you were looking for is not here. It may have moved, or the link may be out of date.',
  },
  copyright: '© {{year}} {{clinic}}. All rights reserved.',
};
