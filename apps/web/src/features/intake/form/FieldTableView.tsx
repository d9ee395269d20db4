import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type {
  AnySpec,
  AnyTable,
  FieldPath,
  FormRecord,
  GroupSpecAny,
} from '../../../ui/intake-record/field-spec.ts';
import { getAt } from '../../../ui/intake-record/form-values.ts';
import { CheckboxField } from './CheckboxField.tsx';
import { ChoiceFieldset } from './ChoiceFieldset.tsx';
import { fieldId, useFieldTableSettings } from './field-table-context.ts';
import { InputField } from './InputField.tsx';
import { RepeatingList } from './RepeatingList.tsx';

function GroupFieldset({ spec, path, scope }: { spec: GroupSpecAny; path: FieldPath; scope: string }) {
  const { t } = useTranslation('intake');
  const { idPrefix } = useFieldTableSettings();
  const label = t(`fields.${scope}.${String(path.at(-1))}`);
  return (
    <fieldset className="intake-group" id={fieldId(idPrefix, path)}>
      <legend className="intake-group__legend">{spec.optional ? t('optional', { label }) : label}</legend>
      <FieldTableView table={spec.table} path={path} />
    </fieldset>
  );
}

function Field({ spec, path, scope }: { spec: AnySpec; path: FieldPath; scope: string }) {
  switch (spec.kind) {
    case 'group':
      return <GroupFieldset spec={spec} path={path} scope={scope} />;
    case 'list':
      return <RepeatingList spec={spec} path={path} scope={scope} />;
    case 'checkbox':
      return <CheckboxField spec={spec} path={path} scope={scope} />;
    case 'radios':
    case 'checkboxes':
      return <ChoiceFieldset spec={spec} path={path} scope={scope} />;
    default:
      return <InputField spec={spec} path={path} scope={scope} />;
  }
}

/** Renders a field table: every field in order, half-width ones side by side on wider screens. */
export function FieldTableView({ table, path }: { table: AnyTable; path: FieldPath }) {
  const specs = Object.entries(table.fields);
  // Only a table with conditional fields follows its values as they are typed.
  const conditional = specs.some(([, spec]) => spec.visibleWhen);
  const values = useWatch({ disabled: !conditional }) as FormRecord;
  const here = (getAt(values, path) ?? {}) as FormRecord;
  return (
    <div className="intake-grid">
      {specs
        .filter(([, spec]) => !spec.visibleWhen || spec.visibleWhen(here))
        .map(([name, spec]) => (
          <div
            key={name}
            className={spec.half ? 'intake-grid__cell intake-grid__cell--half' : 'intake-grid__cell'}
          >
            <Field spec={spec} path={[...path, name]} scope={table.scope} />
          </div>
        ))}
    </div>
  );
}
