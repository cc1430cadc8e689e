import { redirect } from 'react-router';

/** /admin/login redirects to /login: the one login page has an Admin tab. */
export function loader() {
  return redirect('/login');
}

export default function AdminLogin() {
  return null;
}
