import { BankStatementsPage } from '#app/features/admin/bank/BankStatementsPage.tsx';
import { adminMeta } from '#app/features/admin/meta.ts';

import type { Route } from './+types/admin-bank.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Bank statement');

export default function AdminBank() {
  return <BankStatementsPage />;
}
