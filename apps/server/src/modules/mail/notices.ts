import type { Config } from '../../config.js';
import type { Mail } from './mailer.js';

/** To the owner of an address someone tried to register: nothing is changed, nothing to do. */
export function takenAddressNotice(
  config: Pick<Config, 'brandName' | 'publicUrl'>,
  email: string,
): Mail {
  return {
    to: email,
    subject: `Someone tried to create a ${config.brandName} account with your address`,
    text:
      `Hello,\n\nSomeone just tried to create an account at ${config.brandName} with this email ` +
      `address, which already has an account. Nothing was changed.\n\n` +
      `If it was you, sign in at ${config.publicUrl}/login, or choose a new password at ` +
      `${config.publicUrl}/forget-password if you have forgotten it.\n\n` +
      `If it was not you, you need do nothing.\n`,
  };
}
