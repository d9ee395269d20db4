import type { DocumentField, DocumentFieldKind, PageBox } from '@portal/protocol';

/** A page's size in PDF points (pdf.js's viewport at scale 1), the box the server checks fields against. */
export type PageSize = PageBox;

/** Where a box sits on screen, in CSS pixels from the page's top-left corner. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A new field's size in points: wide enough to sign, write initials or a date in by hand. */
export const DEFAULT_FIELD_SIZE: Record<DocumentFieldKind, { width: number; height: number }> = {
  signature: { width: 180, height: 40 },
  initials: { width: 60, height: 30 },
  date: { width: 100, height: 20 },
  name: { width: 160, height: 20 },
  text: { width: 160, height: 20 },
};

/** The smallest box the protocol accepts (points). */
const MIN_SIDE = 4;
/** One arrow press moves or resizes by this many points; with Shift by the larger step. */
export const STEP = 2;
export const BIG_STEP = 20;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
const round = (value: number) => Math.round(value * 100) / 100;

/** The field kept whole on its page: no side smaller than the minimum, no corner off the page. */
export function keepOnPage(field: DocumentField, page: PageSize): DocumentField {
  const width = clamp(field.width, MIN_SIDE, page.width);
  const height = clamp(field.height, MIN_SIDE, page.height);
  return {
    ...field,
    width: round(width),
    height: round(height),
    x: round(clamp(field.x, 0, page.width - width)),
    y: round(clamp(field.y, 0, page.height - height)),
  };
}

/**
 * The protocol's box (points, origin at the page's bottom-left, y up) drawn on a canvas shown at
 * `scale` CSS pixels per point (origin top-left, y down).
 */
export function toScreen(field: DocumentField, page: PageSize, scale: number): ScreenBox {
  return {
    left: field.x * scale,
    top: (page.height - field.y - field.height) * scale,
    width: field.width * scale,
    height: field.height * scale,
  };
}

/** WCAG 2.2 target size (2.5.8): a pointer target's least width and height, in CSS pixels. */
export const MIN_TARGET = 24;

/** A placed box on screen: the button one points at, and the box as drawn within it. */
export interface FieldTarget {
  /** The box grown evenly round its middle to the minimum target size, kept on the page. */
  target: ScreenBox;
  /** The box itself, from the target's top-left corner. */
  frame: ScreenBox;
}

/**
 * Where a box's pointer target goes: a phone shows a page at about half its size, where a date
 * field is 12 px tall; the target grows, and the box is still drawn at the size it will print.
 */
export function targetFor(box: ScreenBox, page: { width: number; height: number }): FieldTarget {
  const width = Math.max(box.width, MIN_TARGET);
  const height = Math.max(box.height, MIN_TARGET);
  const left = clamp(box.left - (width - box.width) / 2, 0, page.width - width);
  const top = clamp(box.top - (height - box.height) / 2, 0, page.height - height);
  return {
    target: { left, top, width, height },
    frame: { left: box.left - left, top: box.top - top, width: box.width, height: box.height },
  };
}

/** A new field of `kind` centred on a point clicked on screen (CSS pixels from the top-left). */
export function fieldAt(
  kind: DocumentFieldKind,
  pageNumber: number,
  click: { x: number; y: number },
  page: PageSize,
  scale: number,
): DocumentField {
  const size = DEFAULT_FIELD_SIZE[kind];
  const centreX = click.x / scale;
  const centreY = page.height - click.y / scale;
  return keepOnPage(
    { kind, page: pageNumber, x: centreX - size.width / 2, y: centreY - size.height / 2, ...size },
    page,
  );
}

/** A field changed by a pointer drag of (dx, dy) CSS pixels over a page drawn at `scale`. */
type FieldDrag = (
  field: DocumentField,
  dx: number,
  dy: number,
  page: PageSize,
  scale: number,
) => DocumentField;

/** A field moved by a drag; screen y grows downwards, PDF y upwards. */
export const dragBy: FieldDrag = (field, dx, dy, page, scale) =>
  keepOnPage({ ...field, x: field.x + dx / scale, y: field.y - dy / scale }, page);

/**
 * A field resized by dragging its bottom-right corner: the top-left corner stays, as with the
 * keyboard's Alt or Ctrl and the arrows.
 */
export const resizeBy: FieldDrag = (field, dx, dy, page, scale) =>
  withSize(field, field.width + dx / scale, field.height + dy / scale, page);

/** The field at a new size (points) with its top-left corner where it was: a taller box reaches further down. */
function withSize(field: DocumentField, width: number, height: number, page: PageSize): DocumentField {
  const kept = { width: clamp(width, MIN_SIDE, page.width), height: clamp(height, MIN_SIDE, page.height) };
  return keepOnPage({ ...field, ...kept, y: field.y + field.height - kept.height }, page);
}

const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: 1 },
  ArrowDown: { dx: 0, dy: -1 },
};

/**
 * What an arrow key does to the selected field: move it, or with Alt (or Ctrl) resize it from its
 * top-left corner (right and down grow it); Shift takes the larger step. Null for other keys.
 */
export function keyChange(
  field: DocumentField,
  key: { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean },
  page: PageSize,
): DocumentField | null {
  const arrow = ARROWS[key.key];
  if (!arrow) return null;
  const step = key.shiftKey ? BIG_STEP : STEP;
  if (key.altKey || key.ctrlKey) {
    return withSize(field, field.width + arrow.dx * step, field.height - arrow.dy * step, page);
  }
  return keepOnPage({ ...field, x: field.x + arrow.dx * step, y: field.y + arrow.dy * step }, page);
}

/** A field's middle point on its page, where a field added by keyboard starts. */
export function centredField(kind: DocumentFieldKind, pageNumber: number, page: PageSize): DocumentField {
  const size = DEFAULT_FIELD_SIZE[kind];
  return keepOnPage(
    {
      kind,
      page: pageNumber,
      x: (page.width - size.width) / 2,
      y: (page.height - size.height) / 2,
      ...size,
    },
    page,
  );
}
