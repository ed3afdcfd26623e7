// What a form post answers, shared by the server handlers and the form islands. Messages are already
// translated into the page's language; values never include passwords.
export type FieldErrors = Record<string, string>;

export type FormState = {
  ok: false;
  /** The summary shown above the form. */
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
};

type FormSuccess = { ok: true; redirect: string };
export type FormReply = FormState | FormSuccess;
