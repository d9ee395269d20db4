import { DocumentKind, TemplateStatus } from '@portal/protocol';

export const TEMPLATE_KINDS = DocumentKind.options;
export const TEMPLATE_STATUSES = TemplateStatus.options;
