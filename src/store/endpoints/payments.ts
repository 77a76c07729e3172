import type {
  PaymentCheckReply,
  PaymentHistory,
  PaymentLink,
  PaymentLinkBody,
  PaymentStatusReply,
} from '../../../contract/schemas/billing';
import { PAYMENT_COMPLETED_TAGS, type Build } from '../tags';
import { paymentHistoryPath, teamPath } from '../../../contract/apiPaths';

interface PaymentRef {
  teamId: string;
  orderId: string;
}

export const paymentEndpoints = (build: Build) => ({
  createPaymentLink: build.mutation<PaymentLink, { teamId: string } & PaymentLinkBody>({
    query: ({ teamId, ...body }) => ({ url: teamPath(teamId, '/payments/create-link'), method: 'POST', body }),
    invalidatesTags: [{ type: 'Payment', id: 'LIST' }],
  }),
  // Polled by the Buy Credits dialog on its own timer; never served from cache.
  getPaymentStatus: build.query<PaymentStatusReply, PaymentRef>({
    query: ({ teamId, orderId }) => teamPath(teamId, `/payments/${encodeURIComponent(orderId)}/status`),
    keepUnusedDataFor: 0,
  }),
  getPaymentHistory: build.query<PaymentHistory, string>({
    query: paymentHistoryPath,
    providesTags: (reply) => [
      ...(reply?.payments ?? []).map((payment) => ({ type: 'Payment' as const, id: payment.order_id })),
      { type: 'Payment', id: 'LIST' },
    ],
  }),
  checkPayment: build.mutation<PaymentCheckReply, PaymentRef>({
    query: ({ teamId, orderId }) => ({
      url: teamPath(teamId, `/payments/${encodeURIComponent(orderId)}/check`),
      method: 'POST',
    }),
    // Re-check, then reload the list; a payment found completed also moves the balance.
    invalidatesTags: (reply, _error, { orderId }) => [
      { type: 'Payment', id: orderId },
      ...(reply?.status === 'completed' ? PAYMENT_COMPLETED_TAGS : []),
    ],
  }),
});
