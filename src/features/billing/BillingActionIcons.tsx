import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';

/** One icon per billing action, the same on the dashboard and on billing. */
export const BuyCreditsIcon = AddCardOutlined;
export const RedeemCouponIcon = RedeemOutlined;
export const DownloadInvoiceIcon = ReceiptLongOutlined;
export const ManageBudgetIcon = SavingsOutlined;
