import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentFieldKind, FieldPrefill, type DocumentField } from '@portal/protocol';
import { SelectField } from '../../ui/SelectField.tsx';
import { centredField, dragBy, fieldAt, keyChange, resizeBy, targetFor, toScreen } from './field-geometry.ts';
import { PageCanvas } from './PageCanvas.tsx';
import type { EditorPage } from './pdf-pages.ts';
import { useColumnWidth } from './use-column-width.ts';

interface FieldEditorProps {
  pages: EditorPage[];
  fields: DocumentField[];
  onChange: (fields: DocumentField[]) => void;
}

/** Pages are shown at most this wide (CSS pixels) and never larger than 1.5 times their size. */
const MAX_CSS_WIDTH = 820;

function scaleFor(page: EditorPage, column: number): number {
  return Math.min(1.5, column / page.size.width, MAX_CSS_WIDTH / page.size.width);
}

/**
 * Places signature, initials, date, name and text boxes on a template's pages: by click or drag,
 * and by keyboard (add, then arrows to move, Alt or Ctrl with arrows to resize, Delete to remove).
 * Boxes are kept in PDF points from each page's bottom-left corner, as the protocol stores them.
 */
export function FieldEditor({ pages, fields, onChange }: FieldEditorProps) {
  const { t } = useTranslation('library');
  const helpId = useId();
  const column = useRef<HTMLDivElement>(null);
  const boxes = useRef(new Map<number, HTMLButtonElement>());
  const [kind, setKind] = useState<DocumentFieldKind>('signature');
  const [pageNumber, setPageNumber] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  // The box to focus once it is on screen (just added, or picked from the list).
  const focusNext = useRef<number | null>(null);
  const drag = useRef<{
    index: number;
    /** Dragging the corner grip resizes; anywhere else on the box moves it. */
    resize: boolean;
    startX: number;
    startY: number;
    origin: DocumentField;
  } | null>(null);

  const columnWidth = useColumnWidth(column) ?? 0;

  useEffect(() => {
    if (focusNext.current === null) return;
    boxes.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const pageOf = (field: DocumentField) => pages.find((page) => page.number === field.page);
  const replace = (index: number, field: DocumentField) =>
    onChange(fields.map((old, at) => (at === index ? field : old)));
  const add = (field: DocumentField) => {
    onChange([...fields, field]);
    setSelected(fields.length);
    focusNext.current = fields.length;
  };
  const remove = (index: number) => {
    onChange(fields.filter((_, at) => at !== index));
    setSelected(null);
  };
  const select = (index: number) => {
    setSelected(index);
    focusNext.current = index;
  };

  const onBoxKey = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const field = fields[index]!;
    const page = pageOf(field);
    if (!page) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index);
      return;
    }
    const changed = keyChange(field, event, page.size);
    if (!changed) return;
    event.preventDefault();
    setSelected(index);
    replace(index, changed);
  };

  const onBoxPointerDown = (index: number, event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      index,
      resize: event.target instanceof Element && event.target.closest('.field-box__grip') !== null,
      startX: event.clientX,
      startY: event.clientY,
      origin: fields[index]!,
    };
    setSelected(index);
  };
  const onBoxPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const moving = drag.current;
    if (!moving) return;
    const page = pageOf(moving.origin);
    if (!page) return;
    const dx = event.clientX - moving.startX;
    const dy = event.clientY - moving.startY;
    const change = moving.resize ? resizeBy : dragBy;
    replace(moving.index, change(moving.origin, dx, dy, page.size, scaleFor(page, columnWidth)));
  };
  const onBoxPointerUp = () => {
    drag.current = null;
  };

  const onPageClick = (page: EditorPage, event: MouseEvent<HTMLDivElement>) => {
    // The drawn page (a canvas) covers the page box, so the click's target is the canvas; a
    // click on a field box (or Enter on it) is the box's own, not a new placement.
    if (event.target instanceof Element && event.target.closest('.field-box')) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const click = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    add(fieldAt(kind, page.number, click, page.size, scaleFor(page, columnWidth)));
  };

  const label = (field: DocumentField, index: number) => {
    const place = t('editor.fieldLabel', {
      number: index + 1,
      kind: t(`fieldKinds.${field.kind}`),
      page: field.page,
      x: Math.round(field.x),
      y: Math.round(field.y),
      width: Math.round(field.width),
      height: Math.round(field.height),
    });
    // Which intake answer fills a text box, so staff need not select each one to find out.
    return field.kind === 'text' && field.prefill
      ? t('editor.withPrefill', { place, what: t(`prefill.${field.prefill}`) })
      : place;
  };
  const current = selected === null ? undefined : fields[selected];

  return (
    <div className="field-editor">
      <div className="field-editor__tools">
        <fieldset className="field-editor__kinds">
          <legend>{t('editor.kind')}</legend>
          {DocumentFieldKind.options.map((option) => (
            <label key={option} className="field-editor__kind">
              <input
                type="radio"
                name="field-kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {t(`fieldKinds.${option}`)}
            </label>
          ))}
        </fieldset>
        {pages.length > 1 && (
          <SelectField
            label={t('editor.page')}
            value={String(pageNumber)}
            options={pages.map((page) => ({ value: String(page.number), label: String(page.number) }))}
            onChange={(value) => setPageNumber(Number(value))}
          />
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            const page = pages.find((p) => p.number === pageNumber) ?? pages[0];
            if (page) add(centredField(kind, page.number, page.size));
          }}
        >
          {t('editor.add', { kind: t(`fieldKinds.${kind}`) })}
        </button>
        <p id={helpId} className="field-editor__help">
          {t('editor.help')}
        </p>
        <h3 className="field-editor__list-title">{t('editor.fields', { count: fields.length })}</h3>
        {fields.length === 0 ? (
          <p>{t('editor.noFields')}</p>
        ) : (
          <ul className="field-editor__list">
            {fields.map((field, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="field-editor__list-item"
                  aria-pressed={selected === index}
                  onClick={() => select(index)}
                >
                  {label(field, index)}
                </button>
              </li>
            ))}
          </ul>
        )}
        {current && selected !== null && (
          <div className="field-editor__selected">
            <SelectField
              label={t('editor.changeKind')}
              value={current.kind}
              options={DocumentFieldKind.options.map((option) => ({
                value: option,
                label: t(`fieldKinds.${option}`),
              }))}
              onChange={(value) => {
                const next = value as DocumentFieldKind;
                replace(
                  selected,
                  next === 'text'
                    ? { ...current, kind: next }
                    : { ...current, kind: next, prefill: undefined },
                );
              }}
            />
            {current.kind === 'text' && (
              <SelectField
                label={t('editor.prefill')}
                value={current.prefill ?? ''}
                options={[
                  { value: '', label: t('prefill.none') },
                  ...FieldPrefill.options.map((option) => ({ value: option, label: t(`prefill.${option}`) })),
                ]}
                onChange={(value) =>
                  replace(selected, { ...current, prefill: value ? (value as FieldPrefill) : undefined })
                }
              />
            )}
            <button type="button" className="button button--danger" onClick={() => remove(selected)}>
              {t('editor.delete')}
            </button>
          </div>
        )}
      </div>
      <div ref={column} className="field-editor__pages">
        {columnWidth > 0 &&
          pages.map((page) => {
            const scale = scaleFor(page, columnWidth);
            const onScreen = { width: page.size.width * scale, height: page.size.height * scale };
            return (
              <div
                key={page.number}
                className="field-editor__page"
                style={onScreen}
                onClick={(event) => onPageClick(page, event)}
              >
                <PageCanvas
                  page={page}
                  scale={scale}
                  label={t('editor.pageImage', { page: page.number, pages: pages.length })}
                />
                {fields.map((field, index) => {
                  if (field.page !== page.number) return null;
                  const { target, frame } = targetFor(toScreen(field, page.size, scale), onScreen);
                  return (
                    <button
                      key={index}
                      ref={(element) => {
                        if (element) boxes.current.set(index, element);
                        else boxes.current.delete(index);
                      }}
                      type="button"
                      className={`field-box field-box--${field.kind}`}
                      style={target}
                      aria-pressed={selected === index}
                      aria-describedby={helpId}
                      aria-label={label(field, index)}
                      onFocus={() => setSelected(index)}
                      onKeyDown={(event) => onBoxKey(index, event)}
                      onPointerDown={(event) => onBoxPointerDown(index, event)}
                      onPointerMove={onBoxPointerMove}
                      onPointerUp={onBoxPointerUp}
                    >
                      <span className="field-box__frame" style={frame} aria-hidden="true">
                        <span className="field-box__name">{t(`fieldKinds.${field.kind}`)}</span>
                      </span>
                      <span className="field-box__grip" aria-hidden="true" />
                    </button>
                  );
                })}
              </div>
            );
          })}
      </div>
      <p className="visually-hidden" role="status">
        {current && selected !== null ? label(current, selected) : ''}
      </p>
    </div>
  );
}
