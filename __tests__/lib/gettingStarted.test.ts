import { gettingStartedSteps } from '../../src/features/dashboard/gettingStarted';

describe("Getting Started: set up a team only without one; a member's own next steps", () => {
  it.each([
    [null, ['Set up your team', 'Create an API key', 'Buy credits', 'Call the API']],
    ['owner', ['Set your budget and invite your team', 'Create an API key', 'Buy credits', 'Call the API']],
    ['member', ['Create an API key', 'Call the API', 'Watch your spend', 'Ask for more']],
  ] as const)('%p', (role, titles) => {
    expect(gettingStartedSteps(role).map((step) => step.title)).toEqual(titles);
  });

  it.each(['owner', 'member'] as const)('never tells a %s, already in a team, to create one', (role) => {
    const text = gettingStartedSteps(role)
      .map((step) => `${step.title} ${step.text}`)
      .join(' ');
    expect(text).not.toMatch(/create a team|set up your team/i);
  });
});
