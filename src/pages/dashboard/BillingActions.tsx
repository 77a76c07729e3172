import Button from '@mui/material/Button';

// The dashboard's 'Buy Credits' and 'Redeem Coupon' buttons. The billing work (issue 5) makes them open the shared
// dialogs; until then they are shown disabled.
export function BillingActions(_props: { teamId: string | undefined; teamName: string | undefined }) {
  return (
    <>
      <Button variant="outlined" disabled>
        Buy Credits
      </Button>
      <Button variant="outlined" disabled>
        Redeem Coupon
      </Button>
    </>
  );
}
