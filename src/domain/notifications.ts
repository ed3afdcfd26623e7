// What people are told, and how each kind may reach their inbox. Neutral module: the preferences page,
// the notification service and the tests read the same table.

/** The kinds a person can tune. Account emails (confirmation, password reset) are essential and not here. */
export const NOTIFICATION_KINDS = [
  'application-new',
  'application-status',
  'application-withdrawn',
  'message',
  'invitation',
  'invitation-answer',
  'interview',
  'interview-answer',
  'interview-reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_MODES = ['instant', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** Who receives each kind: the company's people, the candidate, or both. */
export const AUDIENCE: Record<NotificationKind, readonly ('hire' | 'match')[]> = {
  'application-new': ['hire'],
  'application-status': ['match'],
  'application-withdrawn': ['hire'],
  message: ['hire', 'match'],
  invitation: ['match'],
  'invitation-answer': ['hire'],
  interview: ['match'],
  'interview-answer': ['hire'],
  'interview-reminder': ['hire', 'match'],
};

/**
 * Interview emails that carry a calendar invite or its cancellation are the appointment itself: they are
 * sent whatever the preference for their kind says (the bell's row is written as always).
 */
export const ESSENTIAL_WHEN_CALENDAR: readonly NotificationKind[] = ['interview', 'interview-answer'];

/** Without a choice of theirs, everything arrives at once: each is about something waiting for them. */
export const DEFAULT_MODE: EmailMode = 'instant';

export const kindsFor = (type: 'hire' | 'match'): NotificationKind[] => NOTIFICATION_KINDS.filter((k) => AUDIENCE[k].includes(type));
export const isNotificationKind = (v: unknown): v is NotificationKind => (NOTIFICATION_KINDS as readonly unknown[]).includes(v);
export const isEmailMode = (v: unknown): v is EmailMode => (EMAIL_MODES as readonly unknown[]).includes(v);

/** The daily digest goes out at this hour (UTC): 08:00 in Lima and Bogotá, 10:00 in Buenos Aires. */
export const DIGEST_HOUR_UTC = 13;

/** The bell shows up to this; more reads "99+". */
export const BELL_MAX = 99;
