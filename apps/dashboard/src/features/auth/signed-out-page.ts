/** Which page a signed-out visitor gets, from the address the mailed links use: `/dashboard/<page>#token=…`. */
export type SignedOutPage = { page: 'sign-in' } | { page: 'link-sign-in'; token: string } | { page: 'accept-invitation'; token: string };

export function signedOutPage(pathname: string, hash: string): SignedOutPage {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const page = pathname.replace(/\/+$/, '').split('/').pop();
  if (token && page === 'sign-in') return { page: 'link-sign-in', token };
  if (token && page === 'accept-invitation') return { page: 'accept-invitation', token };
  return { page: 'sign-in' };
}
