import type { BillingDetails, BillingDetailsBody } from '../../../contract/schemas/billingDetails';
import { billingDetailsPath } from '../../../contract/apiPaths';
import type { Build } from '../tags';

/** What the team's invoices name as the buyer: members read it, the owner saves it. */
export const billingDetailsEndpoints = (build: Build) => ({
  getBillingDetails: build.query<BillingDetails, string>({
    query: billingDetailsPath,
    providesTags: ['BillingDetails'],
  }),
  updateBillingDetails: build.mutation<BillingDetails, { teamId: string } & BillingDetailsBody>({
    query: ({ teamId, ...body }) => ({ url: billingDetailsPath(teamId), method: 'PUT', body }),
    invalidatesTags: ['BillingDetails'],
  }),
});
