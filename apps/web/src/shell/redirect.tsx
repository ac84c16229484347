import { Navigate, useLocation } from 'react-router';

/** Client-side redirect that keeps the query (`dcToken`, `type`) of the address. */
export function Redirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}
