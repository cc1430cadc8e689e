import { redirect } from 'react-router';

/** /admin/login: the one login page has an Admin tab (spec: redirects to /login). */
export function loader() {
  return redirect('/login');
}

export default function AdminLogin() {
  return null;
}
