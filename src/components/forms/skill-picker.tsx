import type { T } from '../../i18n/translate';
import { Enhance } from '../islands/enhance';

export type PickerOption = { id: string; label: string };
export type SkillPickerLabels = {
  /** The text box's name ("Añadir skill"). */
  add: string;
  placeholder: string;
  /** "Quitar {{item}}" */
  remove: string;
  noResults: string;
  /** "{{n}} elegidas" */
  chosen: string;
};
export type SkillPickerProps = {
  id: string;
  name?: string;
  options: PickerOption[];
  initial?: string[];
  labels: SkillPickerLabels;
  /** The id of the element that names the text box (a fieldset's legend); else `labels.add` names it. */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  /** At most this many: the text box is disabled while the list is full. */
  max?: number;
};

// A long list of skills: one checkbox each, which posts without JavaScript; once it runs, a searchable
// multi-select takes over (skill-picker-impl.tsx, its own chunk, loaded only by pages that have one).
export function SkillPicker(props: SkillPickerProps) {
  const chosen = new Set(props.initial);
  return (
    <Enhance kind="skill-picker" props={props}>
      <div className="skill-grid" id={`${props.id}-grid`}>
        {props.options.map((o) => (
          <label key={o.id} className="choice">
            <input type="checkbox" name={props.name} value={o.id} defaultChecked={chosen.has(o.id)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </Enhance>
  );
}

/** The picker's strings in the page's language (client components get only what they render). */
export const pickerLabels = (t: T): SkillPickerLabels => ({
  add: t('picker.add'),
  placeholder: t('picker.placeholder'),
  // Filled in the browser: the placeholders have to survive the server's translation.
  remove: t('picker.remove', { item: '{{item}}' }),
  noResults: t('picker.noResults'),
  chosen: t('picker.chosen', { n: '{{n}}' }),
});
