import { IsUrl, ValidationOptions } from 'class-validator';

/** An absolute http(s) URL (redirect targets: success_url, cancel_url, onboarding return URLs). */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_host: true }, { message: 'must be an absolute http(s) URL', ...options });
}
