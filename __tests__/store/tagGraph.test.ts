import { makeConnectedStore } from '../support/store';
import type { AppStore } from '../../src/store/store';
import { api } from '../../src/store/api';
import { PAYMENT_COMPLETED_TAGS } from '../../src/store/tags';
import { fakeDb } from '../support/fakeBackend';
import { recordRequests } from '../support/requests';

const RANGE = { start_date: '2026-10-16', end_date: '2026-11-15' };

// Subscribes to every query a member's screens use, as if all pages were open at once.
async function openEverything(store: AppStore) {
  const team = await store.dispatch(api.endpoints.getTeam.initiate());
  const teamId = team.data?.id ?? 'none';
  const subscriptions = [
    store.dispatch(api.endpoints.getTeamDashboard.initiate()),
    store.dispatch(api.endpoints.getTeamMembers.initiate()),
    store.dispatch(api.endpoints.getUsageStats.initiate(RANGE)),
    store.dispatch(api.endpoints.getDashboardStats.initiate()),
    store.dispatch(api.endpoints.getActivity.initiate(5)),
    store.dispatch(api.endpoints.getApiKeys.initiate()),
    store.dispatch(api.endpoints.getRequestLogKeys.initiate()),
    store.dispatch(api.endpoints.getModelCatalog.initiate()),
    ...(team.data
      ? [
          store.dispatch(api.endpoints.getCreditBalance.initiate(teamId)),
          store.dispatch(api.endpoints.getCreditHistory.initiate({ teamId })),
          store.dispatch(api.endpoints.getPaymentHistory.initiate(teamId)),
          store.dispatch(api.endpoints.getBillingDetails.initiate(teamId)),
          store.dispatch(api.endpoints.getCouponRedemptions.initiate({ teamId })),
        ]
      : []),
  ];
  await Promise.all(subscriptions);
  return teamId;
}

async function settle(store: AppStore) {
  await new Promise((resolve) => setTimeout(resolve, 30));
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

async function refetchedAfter(store: AppStore, action: () => Promise<unknown>) {
  const requests = recordRequests();
  await action();
  await settle(store);
  return new Set(requests.all.filter((entry) => entry.startsWith('GET ')));
}

/** A key created or revoked: both key lists, the counts and activity, and which models each key may call. */
const KEY_LIST_CHANGED = new Set([
  'GET /v1/api-keys/',
  'GET /v1/teams/requests/keys',
  'GET /v1/dashboard/stats',
  'GET /v1/dashboard/activity',
  'GET /v1/dashboard/models',
]);

describe('tag graph: each mutation refreshes exactly the queries whose data it changes', () => {
  it("revoking a key refreshes the key lists, dashboard stats, activity and the model catalog (the key's key_ids)", async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const keyId = fakeDb.state.apiKeys[0].id;
    const refetched = await refetchedAfter(store, () => store.dispatch(api.endpoints.revokeApiKey.initiate(keyId)));
    expect(refetched).toEqual(KEY_LIST_CHANGED);
  });

  it('editing a key refreshes the key lists and the catalog (its allow-list); rotating only the key lists', async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const edited = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.updateApiKey.initiate({ id: 'key-production', changes: { rpm_limit: 10 } })),
    );
    expect(edited).toEqual(new Set(['GET /v1/api-keys/', 'GET /v1/teams/requests/keys', 'GET /v1/dashboard/models']));
    const rotated = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.rotateApiKey.initiate({ id: 'key-production', grace_seconds: 3600 })),
    );
    expect(rotated).toEqual(new Set(['GET /v1/api-keys/', 'GET /v1/teams/requests/keys']));
  });

  it('saving the billing details refreshes only them (documents keep the details they were issued with)', async () => {
    const store = makeConnectedStore();
    const teamId = await openEverything(store);
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(
        api.endpoints.updateBillingDetails.initiate({ teamId, legal_name: 'Acme Ltd', address: '1 Road', tax_id: '' }),
      ),
    );
    expect(refetched).toEqual(new Set([`GET /v1/teams/${teamId}/billing-details`]));
  });

  it("setting a member's cap refreshes the member list", async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.setMemberCap.initiate({ userId: 'user-bob', monthly_cap_cents: 500 })),
    );
    expect(refetched).toEqual(new Set(['GET /v1/teams/members']));
  });

  it('creating a key refreshes the key lists, dashboard stats, activity and the model catalog', async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.createApiKey.initiate({ name: 'CI key' })),
    );
    expect(refetched).toEqual(KEY_LIST_CHANGED);
  });

  it('redeeming a coupon refreshes balance, credit history, redemptions and activity', async () => {
    const store = makeConnectedStore();
    const teamId = await openEverything(store);
    const code = fakeDb.state.coupons.find((coupon) => coupon.code === 'WELCOME10')?.code ?? 'WELCOME10';
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.redeemCoupon.initiate({ teamId, code })),
    );
    expect(refetched).toEqual(
      new Set([
        `GET /v1/teams/${teamId}/credits/balance`,
        `GET /v1/teams/${teamId}/credits/history`,
        `GET /v1/teams/${teamId}/coupons/redemptions`,
        'GET /v1/dashboard/activity',
      ]),
    );
  });

  it('a completed payment refreshes balance, credit history, payments and activity', async () => {
    const store = makeConnectedStore();
    const teamId = await openEverything(store);
    const refetched = await refetchedAfter(store, async () => {
      store.dispatch(api.util.invalidateTags(PAYMENT_COMPLETED_TAGS));
    });
    expect(refetched).toEqual(
      new Set([
        `GET /v1/teams/${teamId}/credits/balance`,
        `GET /v1/teams/${teamId}/credits/history`,
        `GET /v1/teams/${teamId}/payments/history`,
        'GET /v1/dashboard/activity',
      ]),
    );
  });

  it('updating the budget refreshes the team, its dashboard, usage stats and activity', async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.updateBudget.initiate({ budget_limit: 750 })),
    );
    expect(refetched).toEqual(
      new Set(['GET /v1/teams/', 'GET /v1/teams/dashboard', 'GET /v1/teams/usage-stats', 'GET /v1/dashboard/activity']),
    );
  });

  it('inviting a member refreshes the member list and activity', async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.inviteMember.initiate({ email: 'dana@example.com' })),
    );
    expect(refetched).toEqual(new Set(['GET /v1/teams/members', 'GET /v1/dashboard/activity']));
  });

  it('removing a member refreshes the member list, the team (member count), its dashboard and activity', async () => {
    const store = makeConnectedStore();
    await openEverything(store);
    const member = fakeDb.state.users.find((user) => user.login === 'bob');
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.removeMember.initiate(member?.id ?? 'missing')),
    );
    expect(refetched).toEqual(
      new Set(['GET /v1/teams/members', 'GET /v1/teams/', 'GET /v1/teams/dashboard', 'GET /v1/dashboard/activity']),
    );
  });

  it('creating a team refreshes everything that was "no team" before', async () => {
    fakeDb.signInAs('carol');
    const store = makeConnectedStore();
    await openEverything(store);
    const refetched = await refetchedAfter(store, () =>
      store.dispatch(api.endpoints.createTeam.initiate({ name: 'Carol Labs', budget_limit: 100 })),
    );
    expect(refetched).toEqual(
      new Set([
        'GET /v1/teams/',
        'GET /v1/teams/dashboard',
        'GET /v1/teams/members',
        'GET /v1/teams/usage-stats',
        'GET /v1/dashboard/stats',
        'GET /v1/dashboard/activity',
        'GET /v1/api-keys/',
        'GET /v1/teams/requests/keys',
        'GET /v1/dashboard/models',
      ]),
    );
  });
});
