import 'server-only';
import { labelOf, roles, seniorities } from '../../domain/catalog';
import { href } from '../../routes';
import type { RouteGet } from '../../server/http/app';
import { credentialJwt, holderIdOf, openBadgeCredential, type SigningKey } from '../../server/learning/credentials';
import type { CertificateView, LearningService } from '../../server/learning/learning-service';

// The machine-readable certificate (decision 021): /certification/{slug}.json, or the page URL asked with
// Accept: application/json, answers the OpenBadgeCredential and its VC-JWT; Accept: application/vc+jwt gets
// the bare JWT. Demo certificates are never signed (structured data carries no demo data): 404. A revoked
// one answers 410 with when and why, and no credential (decision 067): its status list bit says the same to
// whoever kept an earlier JWT.
type Deps = { learning: () => Promise<LearningService>; signingKey: () => SigningKey; siteUrl: string; brand: string };

export async function credentialOf(c: CertificateView, deps: Pick<Deps, 'siteUrl' | 'brand'>, key: SigningKey) {
  const pageUrl = deps.siteUrl + href('certification', 'en', { slug: c.slug });
  const role = labelOf(roles, c.role, 'en');
  const level = labelOf(seniorities, c.level, 'en');
  const credential = openBadgeCredential({
    verificationId: c.verificationId!,
    pageUrl,
    siteUrl: deps.siteUrl,
    brand: deps.brand,
    holderName: c.holderName,
    subjectId: holderIdOf(deps.siteUrl, c.holderId),
    statusIndex: c.statusIndex!,
    achievement: {
      id: deps.siteUrl + href('interviewIntro', 'en', { slug: c.interview?.slug ?? c.role }),
      name: `${c.interview?.title.en ?? role} (${level})`,
      description: `Passed ${deps.brand}'s timed technical interview for ${role} with a score of ${c.score}/100, at the ${level} level.`,
      criteria: 'A timed, server-scored set of questions drawn at random from a bank; the pass mark is set per interview.',
    },
    score: c.score,
    issuedAt: c.issuedAt,
    expiresAt: c.expiresAt,
  });
  return { credential, jwt: await credentialJwt(credential, key) };
}

export function createCertificateGet(deps: Deps): RouteGet {
  return async ({ match, request, rsc }) => {
    if (rsc) return null;
    const raw = typeof match.params.slug === 'string' ? match.params.slug : '';
    const accept = request.headers.get('accept') ?? '';
    const json = raw.endsWith('.json');
    const wantsJwt = /application\/vc\+jwt/.test(accept);
    const wantsJson = json || wantsJwt || (/application\/(ld\+)?json/.test(accept) && !/text\/html/.test(accept));
    if (!wantsJson) return null;
    const slug = json ? raw.slice(0, -5) : raw;
    const headers = { 'cache-control': 'public, max-age=60', 'access-control-allow-origin': '*', vary: 'Accept' };
    const error = (status: number, message: string) => Response.json({ error: message }, { status, headers });
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 160) return error(404, 'Certification not found');
    const c = await (await deps.learning()).certificate(slug);
    if (!c || c.isDemo || !c.verificationId || c.statusIndex === null) return error(404, 'Certification not found');
    if (c.status === 'revoked')
      return Response.json(
        { error: 'Certification revoked', status: 'revoked', revokedAt: c.revokedAt?.toISOString() ?? null, reason: c.revokeReason },
        { status: 410, headers: { ...headers, 'cache-control': 'no-store' } },
      );
    const { credential, jwt } = await credentialOf(c, deps, deps.signingKey());
    if (wantsJwt && !json) return new Response(jwt, { status: 200, headers: { ...headers, 'content-type': 'application/vc+jwt' } });
    return Response.json(
      { status: c.status, credential, jwt, jwks: `${deps.siteUrl}/.well-known/jwks.json` },
      { status: 200, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } },
    );
  };
}
