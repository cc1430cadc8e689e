import { BankStatementsPage } from '../features/admin/bank/BankStatementsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-bank';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Bank statement');

export default function AdminBank() {
  return <BankStatementsPage />;
}
