import { adminMeta } from '#app/admin/meta.ts';
import { BankStatementsPage } from '#domains/bank/ui/BankStatementsPage.tsx';

import type { Route } from './+types/admin-bank.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Bank statement');

export default function AdminBank() {
  return <BankStatementsPage />;
}
