// What the interviews domain tells the outside (decision 046): the notification service listens. No
// imports: any module may take it. `calendar` is the iCalendar invite (REQUEST or CANCEL) that goes with
// the email; an email carrying one is the appointment itself and is sent whatever the preferences say.
export type InterviewEventName = 'proposed' | 'moved' | 'confirmed' | 'picked' | 'declined' | 'cancelled' | 'reminder';

export type InterviewEvent = {
  /** interview: to the candidate; interview-answer: to the company; interview-reminder: either side. */
  kind: 'interview' | 'interview-answer' | 'interview-reminder';
  event: InterviewEventName;
  interviewId: number;
  to: { userId: number } | { companyId: number };
  company: string;
  candidate: string;
  offer: string;
  /** The start (ISO) once one is picked; null while slots are proposed. */
  at: string | null;
  timeZone: string;
  calendar?: string;
  /** The page each side acts on (default-language path). */
  link: string;
};
