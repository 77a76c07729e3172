import { API_ORIGIN } from '../support/handlers';
import { fakeDb } from '../support/fakeBackend';
import { BACKEND_SCENARIOS, runScenario, type ScenarioBackend } from '../support/backendScenarios';

// The fake backend answers the scenarios the real server answers (server/test/backendScenarios.test.ts runs the same
// ones through HTTP): a rule the fake writes differently from the server fails here or there.
const fake: ScenarioBackend = {
  async signInAs(login) {
    fakeDb.signInAs(login);
  },
  async call(method, path, body) {
    const response = await fetch(`${API_ORIGIN}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  },
};

describe('the fake backend answers as the server does', () => {
  it.each(BACKEND_SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    expect(await runScenario(fake, scenario)).toEqual([]);
  });
});
