// The ways the shop is paid, as its payment settings hold them: the invoice prints them, the environment seeds them.
import type { UpiPayee } from './upi.ts';

/** The shop's bank account for transfers (NEFT, RTGS, IMPS), printed as text on the invoice. */
export interface BankAccount {
  /** The account holder: the shop's legal name. */
  accountName: string;
  account: string;
  ifsc: string;
  /** The bank and branch, as the customer types it into a new payee ('Federal Bank, Aluva'), when set. */
  bank: string | null;
}

/** The ways to pay the shop offers; each is left out when it is not set up. */
export interface PaymentDetails {
  upi: UpiPayee | null;
  bank: BankAccount | null;
}

/** The shop's payment settings: the ways to pay, and how many days after the invoice payment is due. */
export interface PaymentSettings extends PaymentDetails {
  termsDays: number;
}
