import type { FastifyReply } from 'fastify';
import { GUARDRAILS_HEADER, GUARDRAIL_VIOLATION, MODERATION_DETECTOR } from '../../contract/schemas/guardrails';
import { GatewayError } from '../formats/gatewayError';
import type { EndpointName, GatewayCall } from '../formats/types';
import { checkPrompt, contentText, count } from './checkPrompt';
import { countsText } from './findings';
import type { GuardrailPolicies } from './policyStore';
import type { EffectivePolicy } from './policy';

/**
 * A request's prompt through its key's policy, before anything is held (docs/guardrails.md#where-they-run): a block is
 * a 400 `guardrail_violation` in the door's format, naming the rule and where, never what it found, and nothing is
 * billed; redactions are made in the body the provider is sent (and the cache keyed by); then the policy's moderation
 * check, if it has one; what was done is said in the `x-gateway-guardrails` header and returned for the request log.
 */
export const guardrailViolation = (detector: string, path: string) =>
  new GatewayError(
    400,
    'invalid_request_error',
    GUARDRAIL_VIOLATION,
    `The guardrail rule "${detector}" blocks what it found in ${path || 'the request'}; remove it and send the request again.`,
    path || null,
  );

const moderationViolation = (model: string, categories: string[]) =>
  new GatewayError(
    400,
    'invalid_request_error',
    GUARDRAIL_VIOLATION,
    `The guardrail rule "${MODERATION_DETECTOR}" blocks the request: ${model} flagged it` +
      `${categories.length ? ` (${categories.join(', ')})` : ''}; it was not sent.`,
  );

/** A moderation check that must block could not run: the request is not sent unchecked. */
const moderationUnavailable = (model: string) =>
  new GatewayError(
    503,
    'api_error',
    'guardrail_unavailable',
    `The moderation check through ${model} did not answer (the key may not use it, or its provider failed); the ` +
      'request was not sent. Try again, or ask the team owner to check the guardrails.',
  );

/** Doors whose prompt is not moderated: a moderation itself, and embeddings (no answer is generated from them). */
const UNMODERATED: ReadonlySet<EndpointName> = new Set(['moderations', 'embeddings']);

export async function guardPrompt<Body>(
  policies: Pick<GuardrailPolicies, 'forKey'>,
  call: { keyHash: string; body: Body; endpoint?: EndpointName; moderate?: GatewayCall['moderate'] },
  reply: Pick<FastifyReply, 'header'>,
): Promise<{ body: Body; summary: string | null; policy: EffectivePolicy | null }> {
  const policy = await policies.forKey(call.keyHash);
  if (!policy) return { body: call.body, summary: null, policy };
  const verdict = await checkPrompt(policy, call.body);
  if (verdict.blocked) throw guardrailViolation(verdict.blocked.detector, verdict.blocked.path);
  const { moderation } = policy;
  if (moderation && call.moderate && call.endpoint && !UNMODERATED.has(call.endpoint)) {
    const text = contentText(verdict.body);
    const moderated = text.trim() === '' ? null : await call.moderate(moderation.model, text);
    if (text.trim() !== '' && !moderated) {
      if (moderation.action === 'block') throw moderationUnavailable(moderation.model);
      count(verdict.flagged, `${MODERATION_DETECTOR}_unchecked`);
    } else if (moderated?.flagged) {
      if (moderation.action === 'block') throw moderationViolation(moderation.model, moderated.categories);
      count(verdict.flagged, MODERATION_DETECTOR);
    }
  }
  const said = [
    verdict.redacted.size > 0 ? `redacted=${countsText(verdict.redacted)}` : null,
    verdict.flagged.size > 0 ? `flagged=${countsText(verdict.flagged)}` : null,
  ].filter((part) => part !== null);
  if (said.length === 0) return { body: call.body, summary: null, policy };
  reply.header(GUARDRAILS_HEADER, said.join('; '));
  return { body: verdict.body, summary: said.join(';'), policy };
}
