import { scryptSync } from 'node:crypto';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a per-hash salt, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(stored);
  });

  it('verifies against the parameters stored with the hash, not the current ones', async () => {
    const stored = await hashPassword('another long secret');
    const [, , , , salt] = stored.split('$');
    const cheaper = `scrypt$1024$8$1$${salt}$${scryptSync('another long secret', Buffer.from(salt, 'base64url'), 32, { N: 1024, r: 8, p: 1 }).toString('base64url')}`;
    await expect(verifyPassword('another long secret', cheaper)).resolves.toBe(true);
  });

  it('never matches a malformed stored value', async () => {
    for (const stored of ['', 'scrypt', 'bcrypt$1$2$3$c2FsdA$aGFzaA', 'scrypt$x$8$1$c2FsdA$aGFzaA', 'scrypt$1024$8$1$c2FsdA$']) {
      await expect(verifyPassword('anything at all', stored)).resolves.toBe(false);
    }
  });
});
