import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/public.tsx', [
    index('routes/home.tsx', { id: 'index' }),
    route('home', 'routes/home.tsx'),
    route('products', 'routes/products.tsx'),
    route('products/:id', 'routes/product.tsx'),
    route('about', 'routes/about.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('join', 'routes/join.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('enquiry/:token', 'routes/enquiry-status.tsx'),
    route('account/enquiries', 'routes/my-enquiries.tsx'),
    route('account/enquiries/:number', 'routes/my-enquiry.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('admin/login', 'routes/admin-login.tsx'),
  route('admin', 'routes/admin.tsx', [
    index('routes/admin-dashboard.tsx'),
    route('orders', 'routes/admin-orders.tsx'),
    route('customers', 'routes/admin-customers.tsx'),
    route('contacts', 'routes/admin-contacts.tsx'),
    route('products', 'routes/admin-products.tsx'),
    route('security', 'routes/admin-security.tsx'),
    route('staff', 'routes/admin-staff.tsx'),
    route('reports', 'routes/admin-reports.tsx'),
  ]),
] satisfies RouteConfig;
