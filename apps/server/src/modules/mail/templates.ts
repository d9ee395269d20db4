import type { Locale } from '@portal/protocol';

export interface MailVars {
  clinic: string;
  /**
   * Only for an address its owner has confirmed: a name is text whoever signed up chose, and
   * must not reach a mailbox that never asked for the account (then the greeting is generic).
   */
  name?: string;
  link: string;
  /**
   * The staff member who recorded a caregiver's grant for the patient: their name is not the
   * patient's health information, and the patient needs it to object.
   */
  by?: string;
  /** The content id of the clinic logo attached inline, when there is one mail clients can show. */
  logoCid?: string;
}

interface Template {
  subject: (v: MailVars) => string;
  /** Paragraphs; the link is shown as a button in HTML and on its own line in text. */
  paragraphs: (v: MailVars) => string[];
  action: string;
}

const staffMember = (v: MailVars) => v.by ?? 'a member of staff';
const staffMemberCn = (v: MailVars) => v.by ?? '一名工作人员';

const hello = (v: MailVars) => (v.name ? `Hello ${v.name},` : 'Hello,');
const nihao = (v: MailVars) => (v.name ? `${v.name}，您好：` : '您好：');

/** Every mail the portal sends, in both locales. Mails carry links, never PHI. */
export const MAIL_TEMPLATES = {
  verify_email: {
    gb: {
      subject: (v) => `Confirm your e-mail address for ${v.clinic}`,
      paragraphs: (v) => [
        hello(v),
        `Thank you for creating your patient portal account with ${v.clinic}. Please confirm that this is your e-mail address. The link is valid for 24 hours.`,
        'If you did not create an account, you can ignore this message.',
      ],
      action: 'Confirm e-mail address',
    },
    cn: {
      subject: (v) => `请确认您在${v.clinic}的电子邮件地址`,
      paragraphs: (v) => [
        nihao(v),
        `感谢您在${v.clinic}创建患者门户账户。请确认这是您的电子邮件地址。此链接在 24 小时内有效。`,
        '如果您没有创建账户，请忽略此邮件。',
      ],
      action: '确认电子邮件地址',
    },
  },
  password_reset: {
    gb: {
      subject: (v) => `Reset your ${v.clinic} portal password`,
      paragraphs: (v) => [
        hello(v),
        'We received a request to reset the password of your patient portal account. The link below is valid for 30 minutes and can be used once.',
        'If you did not ask for this, you can ignore this message: your password stays as it is.',
      ],
      action: 'Choose a new password',
    },
    cn: {
      subject: (v) => `重置您的${v.clinic}门户密码`,
      paragraphs: (v) => [
        nihao(v),
        '我们收到了重置您患者门户账户密码的请求。以下链接在 30 分钟内有效，且只能使用一次。',
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      ],
      action: '设置新密码',
    },
  },
  // Administration: an administrator opened an account; the link sets its password.
  invite: {
    gb: {
      subject: (v) => `You are invited to the ${v.clinic} patient portal`,
      paragraphs: (v) => [
        hello(v),
        `${v.clinic} has opened a patient portal account for you. Choose your password to start using it. The link is valid for 72 hours and can be used once.`,
        'If you were not expecting this invitation, you can ignore this message.',
      ],
      action: 'Choose my password',
    },
    cn: {
      subject: (v) => `${v.clinic}邀请您使用患者门户`,
      paragraphs: (v) => [
        nihao(v),
        `${v.clinic}已为您开通患者门户账户。请设置密码后开始使用。此链接在 72 小时内有效，且只能使用一次。`,
        '如果您没有预期收到此邀请，请忽略此邮件。',
      ],
      action: '设置我的密码',
    },
  },
  signup_existing: {
    gb: {
      subject: (v) => `Someone tried to create a ${v.clinic} account with your e-mail`,
      paragraphs: (v) => [
        hello(v),
        'Someone tried to create a patient portal account with this e-mail address, which already has an account. If it was you, sign in or reset your password.',
        'If it was not you, you can ignore this message.',
      ],
      action: 'Sign in',
    },
    cn: {
      subject: (v) => `有人尝试使用您的电子邮件创建${v.clinic}账户`,
      paragraphs: (v) => [
        nihao(v),
        '有人尝试使用此电子邮件地址创建患者门户账户，但该地址已有账户。如果是您本人，请直接登录或重置密码。',
        '如果不是您本人，请忽略此邮件。',
      ],
      action: '登录',
    },
  },
  // Documents: no title, no name, nothing clinical; the portal shows the rest after sign-in.
  document_assigned: {
    gb: {
      subject: (v) => `A document from ${v.clinic} awaits your signature`,
      paragraphs: (v) => [
        'Hello,',
        `A document from ${v.clinic} awaits your signature in the patient portal.`,
        'For your privacy this message does not say what the document is: sign in to read it.',
      ],
      action: 'Open my documents',
    },
    cn: {
      subject: (v) => `${v.clinic}有一份文件等待您签署`,
      paragraphs: (v) => [
        '您好：',
        `${v.clinic}在患者门户中有一份文件等待您签署。`,
        '为保护您的隐私，本邮件不说明文件内容，请登录后查看。',
      ],
      action: '查看我的文件',
    },
  },
  // The clinic reviewed the intake and asked for changes; the note waits in the portal.
  intake_changes_requested: {
    gb: {
      subject: (v) => `${v.clinic} asks you to update your intake form`,
      paragraphs: (v) => [
        'Hello,',
        `${v.clinic} has looked at the intake form you handed in and asks you to change some of it.`,
        'For your privacy this message does not say what: sign in to read the note and update your form.',
      ],
      action: 'Open the patient portal',
    },
    cn: {
      subject: (v) => `${v.clinic}请您更新登记表`,
      paragraphs: (v) => [
        '您好：',
        `${v.clinic}已查看您提交的登记表，请您修改其中部分内容。`,
        '为保护您的隐私，本邮件不说明具体内容，请登录后查看说明并更新登记表。',
      ],
      action: '打开患者门户',
    },
  },
  // To staff who opted in; no patient, no document, no reason: those wait behind sign-in.
  document_declined: {
    gb: {
      subject: (v) => `A patient declined a document at ${v.clinic}`,
      paragraphs: (v) => [
        `Hello ${v.name},`,
        'A patient declined a document in the patient portal.',
        'For the patient’s privacy this message does not say who or which document: the worklist shows it after you sign in.',
      ],
      action: 'Open the worklist',
    },
    cn: {
      subject: (v) => `${v.clinic}有患者拒绝了一份文件`,
      paragraphs: (v) => [
        `${v.name}，您好：`,
        '有患者在患者门户中拒绝了一份文件。',
        '为保护患者隐私，本邮件不说明是哪位患者或哪份文件，请登录后在待办事项中查看。',
      ],
      action: '打开待办事项',
    },
  },
  document_reminder: {
    gb: {
      subject: (v) => `Reminder: a document from ${v.clinic} awaits your signature`,
      paragraphs: (v) => [
        'Hello,',
        `A document from ${v.clinic} still awaits your signature. Signing closes in less than 48 hours.`,
        'For your privacy this message does not say what the document is: sign in to read it.',
      ],
      action: 'Open my documents',
    },
    cn: {
      subject: (v) => `提醒：${v.clinic}有一份文件等待您签署`,
      paragraphs: (v) => [
        '您好：',
        `${v.clinic}有一份文件仍在等待您签署，签署将在 48 小时内截止。`,
        '为保护您的隐私，本邮件不说明文件内容，请登录后查看。',
      ],
      action: '查看我的文件',
    },
  },
  // Messenger: that a reply waits, never what it says or who wrote it.
  message_waiting: {
    gb: {
      subject: (v) => `A reply from ${v.clinic} is waiting for you`,
      paragraphs: (v) => [
        'Hello,',
        `${v.clinic} has answered your message in the patient portal.`,
        'For your privacy this message does not contain the reply: sign in to read it.',
      ],
      action: 'Read the reply',
    },
    cn: {
      subject: (v) => `${v.clinic}的回复正在等待您查看`,
      paragraphs: (v) => [
        '您好：',
        `${v.clinic}已在患者门户中回复了您的消息。`,
        '为保护您的隐私，本邮件不包含回复内容，请登录后查看。',
      ],
      action: '查看回复',
    },
  },
  // Decision 0023: a patient asked the recipient to help; the mail names neither the patient nor the record.
  caregiver_invitation: {
    gb: {
      subject: (v) => `You are asked to help someone with their ${v.clinic} patient portal`,
      paragraphs: (v) => [
        'Hello,',
        `Someone asked you to help with their record in the ${v.clinic} patient portal. Sign in, or create an account with this e-mail address, to see who asked and what you could do, and to accept or decline. The link is valid for 14 days and can be used once.`,
        'If you were not expecting this, you can ignore this message: nothing changes unless you accept.',
      ],
      action: 'See the invitation',
    },
    cn: {
      subject: (v) => `有人请您协助使用${v.clinic}患者门户`,
      paragraphs: (v) => [
        '您好：',
        `有人请您协助处理其在${v.clinic}患者门户中的记录。请使用此电子邮件地址登录或创建账户，查看是谁发出邀请、您可以做什么，然后接受或拒绝。此链接在 14 天内有效，且只能使用一次。`,
        '如果您没有预期收到此邮件，请忽略：除非您接受，否则不会有任何变化。',
      ],
      action: '查看邀请',
    },
  },
  // Decision 0023: the patient is told a caregiver signed for them; the history says what and who.
  // Who made the grant decides the words: one the patient gave, or one the clinic recorded.
  document_signed_for_you: {
    gb: {
      subject: (v) => `A form was signed for you in the ${v.clinic} patient portal`,
      paragraphs: (v) => [
        'Hello,',
        `Someone you allowed to act for you signed a form for you in the ${v.clinic} patient portal.`,
        'For your privacy this message does not say which form or who signed it: sign in to see it. If you did not expect this, you can end their access on your account page.',
      ],
      action: 'Open my documents',
    },
    cn: {
      subject: (v) => `有人在${v.clinic}患者门户中为您签署了一份表格`,
      paragraphs: (v) => [
        '您好：',
        `您授权代您操作的人在${v.clinic}患者门户中为您签署了一份表格。`,
        '为保护您的隐私，本邮件不说明是哪份表格或由谁签署，请登录后查看。如果这不在您的预期之中，您可以在账户页面结束其访问权限。',
      ],
      action: '查看我的文件',
    },
  },
  document_signed_for_you_clinic_grant: {
    gb: {
      subject: (v) => `A form was signed for you in the ${v.clinic} patient portal`,
      paragraphs: (v) => [
        'Hello,',
        `Someone the clinic recorded as able to act for you signed a form for you in the ${v.clinic} patient portal. You did not give this access yourself: ${staffMember(v)} at the clinic recorded it.`,
        'For your privacy this message does not say which form or who signed it: sign in to see it. If you did not agree to this, contact the clinic, or end their access on your account page: it takes effect at once.',
      ],
      action: 'Open my documents',
    },
    cn: {
      subject: (v) => `有人在${v.clinic}患者门户中为您签署了一份表格`,
      paragraphs: (v) => [
        '您好：',
        `诊所登记为可代您操作的人在${v.clinic}患者门户中为您签署了一份表格。此权限并非由您本人授予，而是由诊所的${staffMemberCn(v)}登记。`,
        '为保护您的隐私，本邮件不说明是哪份表格或由谁签署，请登录后查看。如果您不同意，请联系诊所，或在账户页面结束其访问权限，立即生效。',
      ],
      action: '查看我的文件',
    },
  },
  // Decision 0035: a resupply comes round. No item is named: what a patient uses is PHI.
  resupply_due: {
    gb: {
      subject: (v) => `${v.clinic}: something about your equipment needs your answer`,
      paragraphs: (v) => [
        'Hello,',
        `Something about your equipment from ${v.clinic} needs your answer.`,
        'For your privacy this message does not say what it is: sign in to answer.',
      ],
      action: 'Open my equipment',
    },
    cn: {
      subject: (v) => `${v.clinic}：您的设备有一事需要您答复`,
      paragraphs: (v) => [
        '您好：',
        `您在${v.clinic}的设备有一事需要您答复。`,
        '为保护您的隐私，本邮件不说明具体内容，请登录后答复。',
      ],
      action: '查看我的设备',
    },
  },
  // Decision 0023: a grant the clinic records for the patient is told to the patient at once.
  caregiver_recorded_for_you: {
    gb: {
      subject: (v) => `${v.clinic} recorded that someone may act for you`,
      paragraphs: (v) => [
        'Hello,',
        `The clinic recorded in the ${v.clinic} patient portal that someone may act for you, on the authority of a document the clinic holds. It was recorded by ${staffMember(v)}. They can use it once they accept the invitation the clinic sent them; your account page shows who they are and what they may do.`,
        'If you did not agree to this, contact the clinic, or end their access on your account page: it takes effect at once.',
      ],
      action: 'Open my account page',
    },
    cn: {
      subject: (v) => `${v.clinic}登记了可代您操作的人`,
      paragraphs: (v) => [
        '您好：',
        `诊所已在${v.clinic}患者门户中登记了可代您操作的人，依据是诊所持有的一份授权文件。登记人：${staffMemberCn(v)}。对方接受诊所发出的邀请后即可使用；您的账户页面显示对方是谁以及可以做什么。`,
        '如果您不同意，请联系诊所，或在账户页面结束其访问权限，立即生效。',
      ],
      action: '打开我的账户页面',
    },
  },
} as const satisfies Record<string, Record<Locale, Template>>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMail(template: MailTemplate, locale: Locale, vars: MailVars) {
  const t: Template = MAIL_TEMPLATES[template][locale];
  const paragraphs = t.paragraphs(vars);
  const text = [
    ...paragraphs.slice(0, 2),
    `${t.action}: ${vars.link}`,
    ...paragraphs.slice(2),
    `— ${vars.clinic}`,
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${locale === 'cn' ? 'zh-CN' : 'en-GB'}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">`,
    ...(vars.logoCid
      ? [`<p><img src="cid:${escapeHtml(vars.logoCid)}" alt="${escapeHtml(vars.clinic)}" height="48"></p>`]
      : []),
    ...paragraphs.slice(0, 2).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>`,
    ...paragraphs.slice(2).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>— ${escapeHtml(vars.clinic)}</p></body></html>`,
  ].join('\n');
  return { subject: t.subject(vars), text, html };
}
