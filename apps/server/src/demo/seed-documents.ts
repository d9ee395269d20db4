import { count } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DocumentField, DocumentLanguage } from '@portal/protocol';
import type { AppContext } from '../context.ts';
import { embedCjkSubset } from '../lib/pdf-cjk-font.ts';
import type { Transaction } from '../db/database.ts';
import {
  documentAssignments,
  documentTemplateEditions,
  documentTemplates,
  documentTemplateVersions,
} from '../db/schema/index.ts';
import { storeDocumentFile } from '../db/document-files.ts';
import { recordDocumentEvent } from '../modules/documents/index.ts';

const A4: [number, number] = [595.28, 841.89];
const DAY_MS = 24 * 3600_000;

const PRIVACY = {
  title: 'Privacy acknowledgement',
  description: 'How the clinic uses and protects your health information.',
  paragraphs: [
    'This notice explains how we collect, use and protect the information you give us, and what rights you have over it.',
    'What we collect. Your contact details, your insurance coverage, your medical history, the results of your assessments, and readings sent by the medical devices we provide to you.',
    'Why we use it. To treat you, to fit, set up and service your device, to be paid for that care, and to meet our legal duties. We do not sell your information and we do not use it for advertising.',
    'Who sees it. The clinicians and technicians caring for you, your insurer when we bill them, and the manufacturer of your device only when a safety notice or a repair requires it.',
    'How we protect it. Your information is encrypted when it is stored and when it travels over the internet. Every access is recorded and reviewed.',
    'Your rights. You may ask for a copy of your records, ask us to correct them, ask us to limit how we use them, and ask who we have shared them with. To do so, use the support menu in the portal or call the clinic.',
  ],
};

const CONSENT = {
  title: 'Consent to home medical device therapy',
  description: 'Please read and sign before your device is delivered.',
  paragraphs: [
    'I agree to receive a home medical device prescribed by my treating practitioner, and to be trained in its safe use by the clinic.',
    'I understand how the device works, what it is meant to do, and that no result is guaranteed. The clinic has explained the common risks, including skin irritation where the device touches the body, discomfort during the first weeks of use, and the rare risk of device failure.',
    'I agree to use the device as instructed, to keep it clean, to report any fault, injury or unexpected effect to the clinic straight away, and to return it when therapy ends or when it is replaced.',
    'I agree that the device may send usage readings to the clinic so that my therapy can be followed and adjusted. I may ask the clinic to stop this at any time.',
    'I understand that I may withdraw this consent at any time by telling the clinic, and that withdrawing does not affect the care I receive otherwise.',
  ],
};

const PRIVACY_CN = {
  title: '隐私确认书',
  description: '诊所如何使用和保护您的健康信息。',
  paragraphs: [
    '本通知说明我们如何收集、使用和保护您提供的信息，以及您对这些信息享有的权利。',
    '我们收集的信息：您的联系方式、保险信息、病史、评估结果，以及我们为您提供的医疗设备发送的读数。',
    '我们为何使用这些信息：为您提供治疗，为您安装、设置和维修设备，为该护理获得付款，并履行我们的法律义务。我们不会出售您的信息，也不会将其用于广告。',
    '谁能看到这些信息：照护您的临床医生和技术人员，我们向其结算费用的保险公司，以及仅在安全通知或维修需要时的设备制造商。',
    '我们如何保护这些信息：您的信息在存储和网络传输时均经过加密。每一次访问都会被记录和审查。',
    '您的权利：您可以索取病历副本，要求我们更正或限制使用您的信息，并询问我们与谁共享了这些信息。如需行使这些权利，请使用门户中的支持菜单或致电诊所。',
  ],
};

const CONSENT_CN = {
  title: '家用医疗设备治疗同意书',
  description: '请在设备送达前阅读并签署。',
  paragraphs: [
    '我同意接受由我的主治医生开具的家用医疗设备，并同意由诊所培训我安全使用该设备。',
    '我了解该设备的工作原理和用途，并知道疗效无法保证。诊所已向我说明常见风险，包括设备接触部位的皮肤刺激、使用最初几周的不适，以及设备故障的罕见风险。',
    '我同意按照指导使用设备，保持设备清洁，如有任何故障、伤害或意外情况立即告知诊所，并在治疗结束或更换设备时归还设备。',
    '我同意设备向诊所发送使用读数，以便跟进和调整我的治疗。我可以随时要求诊所停止。',
    '我了解我可以随时告知诊所撤回本同意，撤回不影响我获得的其他护理。',
  ],
};

/** The line under each field, per language. */
const FIELD_LABELS = {
  gb: { signature: 'Patient signature', date: 'Date' },
  cn: { signature: '患者签名', date: '日期' },
} as const;

/** Where the patient signs and dates the demo consent form, under its last paragraph. */
const CONSENT_FIELDS: DocumentField[] = [
  { kind: 'signature', page: 1, x: 60, y: 150, width: 220, height: 60 },
  { kind: 'date', page: 1, x: 330, y: 150, width: 150, height: 30 },
];

interface PdfText {
  title: string;
  paragraphs: string[];
}

/** Words, and each CJK character on its own: Chinese wraps between any two characters. */
const wrapUnits = (text: string) =>
  text.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+|\s+/g) ?? [];

async function textPdf(clinic: string, content: PdfText, signHere: boolean, language: DocumentLanguage) {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setLanguage(language === 'cn' ? 'zh-CN' : 'en-GB');
  const page = doc.addPage(A4);
  const labels = FIELD_LABELS[language];
  const drawn = [clinic, content.title, ...content.paragraphs, labels.signature, labels.date].join('');
  const [font, bold] =
    language === 'cn'
      ? await embedCjkSubset(doc, drawn).then((cjk) => [cjk, cjk] as const)
      : await Promise.all([
          doc.embedFont(StandardFonts.Helvetica),
          doc.embedFont(StandardFonts.HelveticaBold),
        ]);
  let y = A4[1] - 70;
  page.drawText(clinic, { x: 60, y, size: 10, font, color: rgb(0.3, 0.3, 0.3) });
  y -= 30;
  page.drawText(content.title, { x: 60, y, size: 18, font: bold });
  y -= 20;
  for (const paragraph of content.paragraphs) {
    y -= 10;
    let line = '';
    for (const unit of wrapUnits(paragraph)) {
      const next = line + unit;
      if (line.trim() && font.widthOfTextAtSize(next, 11) > A4[0] - 120) {
        y -= 15;
        page.drawText(line.trim(), { x: 60, y, size: 11, font });
        line = unit.trim() ? unit : '';
      } else line = next;
    }
    y -= 15;
    page.drawText(line.trim(), { x: 60, y, size: 11, font });
  }
  if (signHere) {
    for (const field of CONSENT_FIELDS) {
      page.drawLine({
        start: { x: field.x, y: field.y - 4 },
        end: { x: field.x + field.width, y: field.y - 4 },
        thickness: 0.8,
      });
      page.drawText(field.kind === 'signature' ? labels.signature : labels.date, {
        x: field.x,
        y: field.y - 16,
        size: 9,
        font,
        color: rgb(0.3, 0.3, 0.3),
      });
    }
  }
  return doc.save();
}

interface SeedEdition {
  language: DocumentLanguage;
  title: string;
  description: string;
  bytes: Uint8Array;
  fields: DocumentField[];
}

/** A template published as version 1 with these editions. */
async function publishedTemplate(
  ctx: AppContext,
  tx: Transaction,
  adminId: string,
  kind: 'reference' | 'signature',
  editions: SeedEdition[],
) {
  const now = ctx.now();
  const [template] = await tx
    .insert(documentTemplates)
    .values({ kind, createdBy: adminId, createdAt: now, updatedAt: now })
    .returning({ id: documentTemplates.id });
  const [version] = await tx
    .insert(documentTemplateVersions)
    .values({
      templateId: template!.id,
      version: 1,
      status: 'published',
      createdBy: adminId,
      createdAt: now,
      publishedAt: now,
    })
    .returning({ id: documentTemplateVersions.id });
  for (const edition of editions) {
    const file = await storeDocumentFile(ctx, tx, edition.bytes, 'application/pdf');
    await tx.insert(documentTemplateEditions).values({
      versionId: version!.id,
      language: edition.language,
      title: edition.title,
      description: edition.description,
      fileId: file.id,
      pageCount: 1,
      fields: edition.fields,
      updatedAt: now,
    });
  }
  return { templateId: template!.id, versionId: version!.id };
}

/**
 * A reference document every patient can read and a consent form awaiting the demo patient's
 * signature, each in gb and cn. Skipped once any template exists, so running the seed again
 * changes nothing.
 */
export async function seedDemoDocuments(
  ctx: AppContext,
  tx: Transaction,
  patientId: string,
  adminId: string,
): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(documentTemplates);
  if (Number(existing?.n ?? 0) > 0) return;
  const clinic = ctx.config.CLINIC_NAME;
  const now = ctx.now();
  await publishedTemplate(ctx, tx, adminId, 'reference', [
    { language: 'gb', ...PRIVACY, bytes: await textPdf(clinic, PRIVACY, false, 'gb'), fields: [] },
    { language: 'cn', ...PRIVACY_CN, bytes: await textPdf(clinic, PRIVACY_CN, false, 'cn'), fields: [] },
  ]);
  const consent = await publishedTemplate(ctx, tx, adminId, 'signature', [
    { language: 'gb', ...CONSENT, bytes: await textPdf(clinic, CONSENT, true, 'gb'), fields: CONSENT_FIELDS },
    {
      language: 'cn',
      ...CONSENT_CN,
      bytes: await textPdf(clinic, CONSENT_CN, true, 'cn'),
      fields: CONSENT_FIELDS,
    },
  ]);
  const [assignment] = await tx
    .insert(documentAssignments)
    .values({
      templateId: consent.templateId,
      templateVersionId: consent.versionId,
      patientId,
      status: 'pending_signature',
      version: 2,
      dueAt: new Date(now.getTime() + 14 * DAY_MS),
      createdBy: adminId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: documentAssignments.id });
  const event = { assignmentId: assignment!.id, actor: 'clinic' as const, actorId: adminId, meta: null };
  await recordDocumentEvent(ctx, tx, { ...event, action: 'assign', toStatus: 'draft' });
  await recordDocumentEvent(ctx, tx, {
    ...event,
    action: 'send',
    fromStatus: 'draft',
    toStatus: 'pending_signature',
  });
}
