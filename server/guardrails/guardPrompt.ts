import type { FastifyReply } from 'fastify';
import { GUARDRAILS_HEADER, GUARDRAIL_VIOLATION } from '../../contract/schemas/guardrails';
import { GatewayError } from '../formats/gatewayError';
import { checkPrompt } from './checkPrompt';
import { countsText } from './findings';
import type { GuardrailPolicies } from './policyStore';

/**
 * A request's prompt through its key's policy, before anything is held (docs/guardrails.md#where-they-run): a block is
 * a 400 `guardrail_violation` in the door's format, naming the rule and where, never what it found, and nothing is
 * billed; redactions are made in the body the provider is sent (and the cache keyed by); what was done is said in the
 * `x-gateway-guardrails` header and returned for the request log.
 */
export const guardrailViolation = (detector: string, path: string) =>
  new GatewayError(
    400,
    'invalid_request_error',
    GUARDRAIL_VIOLATION,
    `The guardrail rule "${detector}" blocks what it found in ${path || 'the request'}; remove it and send the request again.`,
    path || null,
  );

export async function guardPrompt<Body>(
  policies: Pick<GuardrailPolicies, 'forKey'>,
  keyHash: string,
  body: Body,
  reply: Pick<FastifyReply, 'header'>,
): Promise<{ body: Body; summary: string | null }> {
  const policy = await policies.forKey(keyHash);
  if (!policy) return { body, summary: null };
  const verdict = await checkPrompt(policy, body);
  if (verdict.blocked) throw guardrailViolation(verdict.blocked.detector, verdict.blocked.path);
  const said = [
    verdict.redacted.size > 0 ? `redacted=${countsText(verdict.redacted)}` : null,
    verdict.flagged.size > 0 ? `flagged=${countsText(verdict.flagged)}` : null,
  ].filter((part) => part !== null);
  if (said.length === 0) return { body, summary: null };
  reply.header(GUARDRAILS_HEADER, said.join('; '));
  return { body: verdict.body, summary: said.join(';') };
}
