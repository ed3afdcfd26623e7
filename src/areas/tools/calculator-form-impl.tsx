import { useRef, useState, type FormEvent } from 'react';
import { calculatorQuery, CALCULATOR_FIELDS, parseCalculatorQuery } from '../../domain/calculator';
import { navigateTo } from '../../client/url-guard';
import type { CalcField, CalcValues, CalculatorFormProps } from './calculator-form-types';
import { Combobox } from '../../components/islands/combobox';
import SkillPicker from '../../components/islands/skill-picker-impl';

// The browser side of the calculator form (loaded lazily by the Enhance island): searchable country and
// role, a filterable skills list, and the server's validation run before leaving the page (same rules,
// same messages), focusing the first field to fix. A valid form goes to the result URL the server would
// build, as a full page load.

/** Before taking over: what the visitor already chose in the server-rendered form, and where the focus was. */
export function capture({ id }: { id: string }) {
  const form = document.getElementById(id) as HTMLFormElement | null;
  if (!form) return {};
  const data = new FormData(form);
  const one = (k: string) => (typeof data.get(k) === 'string' ? (data.get(k) as string) : '');
  const typed: CalcValues = {
    country: one('country'),
    role: one('role'),
    seniority: one('seniority'),
    employer: one('employer'),
    english: one('english'),
    modality: one('modality'),
    skills: data.getAll('skills').filter((v): v is string => typeof v === 'string'),
  };
  const active = document.activeElement as HTMLInputElement | null;
  return { typed, focus: active && form.contains(active) ? active.name || null : null };
}

export default function CalculatorFormImpl(props: CalculatorFormProps & { typed?: CalcValues; focus?: string | null }) {
  const { id, labels, options } = props;
  const [values, setValues] = useState<CalcValues>(props.typed ?? props.values);
  const [invalid, setInvalid] = useState<Set<string>>(() => new Set(props.invalid));
  const [summary, setSummary] = useState(props.invalid.length > 0);
  const refs = useRef<Partial<Record<CalcField, HTMLElement | null>>>({});
  const ref = (f: CalcField) => (el: HTMLElement | null) => {
    refs.current[f] = el;
    // The visitor was on a field of the server-rendered form: keep the focus there.
    if (el && props.focus === f && !el.dataset.focused) {
      el.dataset.focused = '1';
      el.focus();
    }
  };

  const set = <K extends keyof CalcValues>(f: K, v: CalcValues[K]) => {
    setValues((old) => ({ ...old, [f]: v }));
    if (invalid.has(f)) setInvalid((s) => new Set([...s].filter((x) => x !== f)));
  };
  const error = (f: CalcField) => (invalid.has(f) ? labels.invalid : null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = new URLSearchParams(calculatorQuery(values));
    const parsed = parseCalculatorQuery(q);
    if (!parsed.ok) {
      setInvalid(new Set(parsed.invalid));
      setSummary(true);
      const first = CALCULATOR_FIELDS.find((f) => parsed.invalid.includes(f));
      if (first) requestAnimationFrame(() => refs.current[first]?.focus());
      return;
    }
    navigateTo(`${props.action}?${calculatorQuery(parsed.input)}`);
  }

  const select = (f: 'seniority' | 'employer' | 'english' | 'modality', empty: string) => (
    <div className="field">
      <label htmlFor={`${id}-${f}`}>{labels[f]}</label>
      <select
        id={`${id}-${f}`}
        ref={ref(f)}
        name={f}
        value={values[f]}
        onChange={(e) => set(f, e.target.value)}
        aria-invalid={error(f) ? true : undefined}
        aria-describedby={error(f) ? `${id}-${f}-error` : undefined}
      >
        <option value="">{empty}</option>
        {options[f].map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      {error(f) && (
        <p className="field-error" id={`${id}-${f}-error`}>
          {error(f)}
        </p>
      )}
    </div>
  );
  const combo = (f: 'country' | 'role') => (
    <Combobox
      id={`${id}-${f}`}
      label={labels[f]}
      options={options[f]}
      value={values[f]}
      onChange={(v) => set(f, v)}
      placeholder={labels.search}
      noResults={labels.noResults}
      showOptions={labels.showOptions}
      error={error(f)}
      inputRef={ref(f)}
    />
  );

  return (
    <form
      id={id}
      className="form card calculator-form"
      method="get"
      action={props.action}
      noValidate
      onSubmit={onSubmit}
      data-enhanced="true"
    >
      {summary && invalid.size > 0 && (
        <div className="form-summary" role="alert">
          <p className="form-summary-title">{labels.summary}</p>
        </div>
      )}
      <div className="form-grid">
        {combo('country')}
        {combo('role')}
        {select('seniority', labels.choose)}
        {select('employer', labels.any)}
        {select('english', labels.any)}
        {select('modality', labels.any)}
      </div>
      <fieldset className="field" aria-describedby={`${id}-skills-hint${error('skills') ? ` ${id}-skills-error` : ''}`}>
        <legend>{labels.skills}</legend>
        <p className="field-hint" id={`${id}-skills-hint`}>
          {labels.skillsHint}
        </p>
        <SkillPicker
          id={`${id}-skills`}
          name="skills"
          options={options.skills}
          value={values.skills}
          onChange={(v) => set('skills', v)}
          labels={{
            add: labels.filterSkills,
            placeholder: labels.filterSkills,
            remove: labels.removeSkill,
            noResults: labels.noResults,
            chosen: labels.skillsChosen,
          }}
          describedBy={`${id}-skills-hint${error('skills') ? ` ${id}-skills-error` : ''}`}
          invalid={!!error('skills')}
          max={10}
          inputRef={ref('skills')}
        />
        {error('skills') && (
          <p className="field-error" id={`${id}-skills-error`}>
            {error('skills')}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-lg">
        {labels.submit}
      </button>
    </form>
  );
}
