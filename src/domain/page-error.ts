// An error a page throws to answer with an error screen instead of its content. The data picks a
// dedicated screen (talentId, offerId, certification: docs/product-rules.md); audience names the account type a
// page is for, when a signed-in account of the other type opened it (the permissions screen, decision 077).
export type Audience = 'match' | 'hire';
export type ErrorData = { talentId?: string; offerId?: string; certification?: string; audience?: Audience };

export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: ErrorData = {},
  ) {
    super(message);
    this.name = 'PageError';
  }
}

export type ErrorKind = 'talent' | 'offer' | 'certification' | 'forbidden' | 'generic';

export function errorKind(data: ErrorData | undefined): ErrorKind {
  if (data?.talentId !== undefined) return 'talent';
  if (data?.offerId !== undefined) return 'offer';
  if (data?.certification !== undefined) return 'certification';
  if (data?.audience !== undefined) return 'forbidden';
  return 'generic';
}
