import { useTranslation } from 'react-i18next';
import type { StaffPreset } from '@portal/protocol';
import { mayChoosePreset, type PresetChoice } from './staff-access.ts';

interface PresetPickerProps {
  legend: string;
  name: string;
  value: PresetChoice;
  /** The signed-in administrator's auths: presets past them are shown but cannot be chosen. */
  actorAuths: readonly string[];
  /** With `custom`: the choice the ticked permissions make when they match no preset. */
  choices: readonly PresetChoice[];
  onChoose: (preset: StaffPreset) => void;
  /** Shown but not chosen (one's own access, or someone who outranks the actor). */
  disabled?: boolean;
}

/** The staff presets as one-click choices (radio buttons), each with what it gives. */
export function PresetPicker({
  legend,
  name,
  value,
  actorAuths,
  choices,
  onChoose,
  disabled = false,
}: PresetPickerProps) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="choice-group preset-picker" disabled={disabled}>
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => {
        const hintId = `${name}-${choice}-hint`;
        const allowed = choice === 'custom' || mayChoosePreset(actorAuths, choice);
        return (
          <label key={choice} className="choice preset-picker__choice">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              // Custom is what ticking permissions one by one makes; it is not chosen here.
              disabled={!allowed || choice === 'custom'}
              aria-describedby={hintId}
              onChange={() => choice !== 'custom' && onChoose(choice)}
            />
            <span>
              {t(`users.presets.${choice}`)}
              <span className="field__hint preset-picker__hint" id={hintId}>
                {t(`users.presetHints.${choice}`)}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
