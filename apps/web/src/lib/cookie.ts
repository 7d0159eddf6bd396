import { ACCESS_COOKIE, ACCESS_TOKEN_DAYS } from '@devmarket/contract/constants';

export function getAccessToken(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${ACCESS_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(ACCESS_COOKIE.length + 1)) : null;
}

export function setAccessToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ACCESS_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${ACCESS_TOKEN_DAYS * 86_400}; SameSite=Lax${secure}`;
}

export function clearAccessToken(): void {
  document.cookie = `${ACCESS_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
