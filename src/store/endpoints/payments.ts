import type { Payment, PaymentLink, PaymentStatusReply } from '../types';
import { PAYMENT_COMPLETED_TAGS, type Build } from '../tags';
import { teamPath } from '../../lib/apiPaths';

interface PaymentRef {
  teamId: string;
  orderId: string;
}

export const paymentEndpoints = (build: Build) => ({
  createPaymentLink: build.mutation<PaymentLink, { teamId: string; amount_cents: number; description: string }>({
    query: ({ teamId, ...body }) => ({ url: teamPath(teamId, '/payments/create-link'), method: 'POST', body }),
    invalidatesTags: [{ type: 'Payment', id: 'LIST' }],
  }),
  // Polled by the Buy Credits dialog on its own timer; never served from cache.
  getPaymentStatus: build.query<PaymentStatusReply, PaymentRef>({
    query: ({ teamId, orderId }) => teamPath(teamId, `/payments/${encodeURIComponent(orderId)}/status`),
    keepUnusedDataFor: 0,
  }),
  getPaymentHistory: build.query<{ payments: Payment[]; count: number }, string>({
    query: (teamId) => teamPath(teamId, '/payments/history'),
    providesTags: (reply) => [
      ...(reply?.payments ?? []).map((payment) => ({ type: 'Payment' as const, id: payment.order_id })),
      { type: 'Payment', id: 'LIST' },
    ],
  }),
  checkPayment: build.mutation<{ updated: boolean; status?: string }, PaymentRef>({
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
