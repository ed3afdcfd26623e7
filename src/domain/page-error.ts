// An error a page throws to answer with an error screen instead of its content. The data picks a
// dedicated screen (talentId, offerId, certification: docs/product-rules.md).
export type ErrorData = { talentId?: string; offerId?: string; certification?: string };

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

export type ErrorKind = 'talent' | 'offer' | 'certification' | 'generic';

export function errorKind(data: ErrorData | undefined): ErrorKind {
  if (data?.talentId !== undefined) return 'talent';
  if (data?.offerId !== undefined) return 'offer';
  if (data?.certification !== undefined) return 'certification';
  return 'generic';
}
