// Props of the calculator form island: plain data, strings already translated by the server.
export type CalcOption = { id: string; label: string };
export type CalcField = 'country' | 'role' | 'seniority' | 'employer' | 'english' | 'modality' | 'skills';
export type CalcValues = {
  country: string;
  role: string;
  seniority: string;
  employer: string;
  english: string;
  modality: string;
  skills: string[];
};

export type CalculatorFormProps = {
  id: string;
  /** The result page: the form navigates there with the inputs in the query (a GET, as without JavaScript). */
  action: string;
  values: CalcValues;
  /** Fields the server marked (the result page sent the visitor back with ?invalid=...). */
  invalid: string[];
  options: Record<CalcField, CalcOption[]>;
  labels: Record<CalcField, string> & {
    choose: string;
    any: string;
    skillsHint: string;
    submit: string;
    invalid: string;
    summary: string;
    search: string;
    noResults: string;
    showOptions: string;
    filterSkills: string;
    /** '{{n}} of 10 chosen' */
    skillsChosen: string;
    /** 'Remove {{item}}' */
    removeSkill: string;
  };
};
