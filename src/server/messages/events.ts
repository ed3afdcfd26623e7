// What the messages domain tells the outside after a message, an invitation or an answer to one (decision
// 043): the lead's notifications (email, the header bell) listen here. No imports: any module may take it.
export type MessagingEvent =
  | {
      kind: 'message';
      conversationId: number;
      messageId: number;
      to: { userId: number } | { companyId: number };
      fromName: string;
      offerTitle: string | null;
      preview: string;
    }
  | { kind: 'invitation'; invitationId: number; to: { userId: number }; companyName: string; offerTitle: string | null; preview: string }
  | {
      kind: 'invitation-answer';
      invitationId: number;
      to: { companyId: number };
      candidateName: string;
      accepted: boolean;
      conversationId: number | null;
    };
