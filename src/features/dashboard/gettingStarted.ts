// The dashboard's Getting Started steps (docs/rules.md#dashboard): what to do next depends on where the user stands.
import type { TeamRole } from '../../../contract/schemas/auth';

export interface GettingStartedStep {
  title: string;
  text: string;
}

const CREATE_KEY = {
  title: 'Create an API key',
  text: 'Give each app or environment its own key on the API Keys page.',
};
const BUY_CREDITS = { title: 'Buy credits', text: 'Top up the prepaid balance or redeem a coupon from Billing.' };
const CALL_API = {
  title: 'Call the API',
  text: 'Send requests with your key; usage and cost show up in Usage Reports.',
};

/**
 * Without a team: set one up first. The owner: the team exists, so its budget and members come first. A member:
 * their own keys and use, and whom to ask for more; never "create a team", which they cannot while in one.
 */
export function gettingStartedSteps(role: TeamRole | null): GettingStartedStep[] {
  switch (role) {
    case null:
      return [
        { title: 'Set up your team', text: 'Create a team and set its monthly budget on the Team Settings page.' },
        CREATE_KEY,
        BUY_CREDITS,
        CALL_API,
      ];
    case 'owner':
      return [
        {
          title: 'Set your budget and invite your team',
          text: 'Set the monthly budget, invite members and cap their spend on the Team Settings page.',
        },
        CREATE_KEY,
        BUY_CREDITS,
        CALL_API,
      ];
    case 'member':
      return [
        CREATE_KEY,
        CALL_API,
        {
          title: 'Watch your spend',
          text: 'Usage Reports → Requests lists every call with its cost; Team Settings shows your month against any cap.',
        },
        {
          title: 'Ask for more',
          text: 'The team owner sets the budget and your cap; anyone in the team can buy credits from Billing.',
        },
      ];
  }
}
