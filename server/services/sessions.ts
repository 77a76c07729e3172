import { SignJWT, errors, jwtVerify } from 'jose';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export type VerifyResult = { ok: true; userId: string } | { ok: false; code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' };

/** Session tokens: HS256 JWTs whose subject is the user id. */
export function createSessions(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string, ttlSeconds = SESSION_TTL_SECONDS): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return { ok: false, code: 'INVALID_TOKEN' };
        return { ok: true, userId: payload.sub };
      } catch (error) {
        return { ok: false, code: error instanceof errors.JWTExpired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN' };
      }
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
