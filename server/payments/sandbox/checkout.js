// The sandbox checkout's buttons (served as /v1/payments/sandbox/checkout.js; the page is checkout.html).
const decision = document.getElementById('decision');
const result = document.getElementById('result');

async function decide(action) {
  for (const button of decision.querySelectorAll('button')) button.disabled = true;
  try {
    const res = await fetch(`/v1/payments/sandbox/${encodeURIComponent(decision.dataset.order)}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || 'Request failed');
    decision.remove();
    result.textContent = `${data.status === 'completed' ? 'Payment completed.' : 'Payment declined.'} You can close this window.`;
  } catch (error) {
    result.textContent = `${error.message} You can close this window.`;
  }
}

if (decision) {
  document.getElementById('pay').addEventListener('click', () => decide('pay'));
  document.getElementById('decline').addEventListener('click', () => decide('decline'));
}
