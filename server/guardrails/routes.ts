import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import {
  keyGuardrails,
  operatorGuardrails,
  setKeyGuardrails,
  setOperatorGuardrails,
  setTeamGuardrails,
  teamGuardrails,
} from './policyAdmin';
import { GuardrailPolicy, GuardrailSettings } from '../../contract/schemas/guardrails';
import { IdParams, errors } from '../../contract/schemas/common';
import { ADMIN_GUARDRAILS_PATH, API_KEYS_PATH, TEAM_GUARDRAILS_PATH } from '../../contract/apiPaths';

/**
 * Guardrail policies (docs/guardrails.md#policies): every member reads the team's and a key's (what guards their
 * requests); the owner sets them; administrators set the floor. After a change every instance reloads the policies.
 */
export function guardrailRoutes(app: FastifyInstance, { db, guards, gateway }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };
  const admin = { onRequest: guards.requireAdmin };
  const read = { response: { 200: GuardrailSettings, ...errors(401, 403, 404) } };
  // PUT sets a level's policy; DELETE removes it (a key then has its team's; a team, the floor only).
  const write = { body: GuardrailPolicy, response: { 200: GuardrailSettings, ...errors(400, 401, 403, 404) } };
  const remove = { response: { 200: GuardrailSettings, ...errors(401, 403, 404) } };
  const keyPath = `${API_KEYS_PATH}:id/guardrails`;
  const reload = async <T>(settings: T) => {
    await gateway.changed('guardrails');
    return settings;
  };

  api.get(TEAM_GUARDRAILS_PATH, { ...auth, schema: read }, async (request) => teamGuardrails(db, request.membership));
  api.put(TEAM_GUARDRAILS_PATH, { ...auth, schema: write }, async (request) =>
    reload(await setTeamGuardrails(db, request.membership, auditContext(request), request.body)),
  );
  api.delete(TEAM_GUARDRAILS_PATH, { ...auth, schema: remove }, async (request) =>
    reload(await setTeamGuardrails(db, request.membership, auditContext(request), null)),
  );
  api.get(keyPath, { ...auth, schema: { ...read, params: IdParams } }, async (request) =>
    keyGuardrails(db, request.membership, request.params.id),
  );
  api.put(keyPath, { ...auth, schema: { ...write, params: IdParams } }, async (request) =>
    reload(await setKeyGuardrails(db, request.membership, auditContext(request), request.params.id, request.body)),
  );
  api.delete(keyPath, { ...auth, schema: { ...remove, params: IdParams } }, async (request) =>
    reload(await setKeyGuardrails(db, request.membership, auditContext(request), request.params.id, null)),
  );
  api.get(ADMIN_GUARDRAILS_PATH, { ...admin, schema: read }, async () => operatorGuardrails(db));
  api.put(ADMIN_GUARDRAILS_PATH, { ...admin, schema: write }, async (request) =>
    reload(await setOperatorGuardrails(db, auditContext(request, { admin: true }), request.body)),
  );
  api.delete(ADMIN_GUARDRAILS_PATH, { ...admin, schema: remove }, async (request) =>
    reload(await setOperatorGuardrails(db, auditContext(request, { admin: true }), null)),
  );
}
