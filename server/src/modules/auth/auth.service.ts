import type { DataSource, Repository } from 'typeorm';
import type { Actor } from '../../scope';
import { AppError, badInput, invalidInput, unauthenticated } from '../../errors';
import { textProblem } from '../../json-input';
import type { AuditService } from '../audit/audit.service';
import { UserEntity } from '../user/user.entity';
import { announceAccessChange } from './access-changes';
import { LoginThrottle, type LoginLimits } from './login-throttle';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password';
import { SessionEntity } from './session.entity';
import { newSessionToken, sha256Hex } from './tokens';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNIQUE_VIOLATION = '23505';

export interface SignedIn {
  user: UserEntity;
  token: string;
  expiresAt: Date;
}

/** Accounts and browser sessions (stored in Postgres, sent as a cookie). */
export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly sessionDays: number,
    limits: LoginLimits,
  ) {
    this.throttle = new LoginThrottle(db, limits);
  }

  /** `clientAddress`: where the request came from (Express `req.ip`), for the per-address limits. */
  async signUp(input: { email: string; password: string; name: string }, clientAddress?: string): Promise<SignedIn> {
    const email = input.email.trim();
    const name = input.name.trim();
    const issues = [];
    if (!EMAIL.test(email) || email.length > 320) issues.push({ path: 'input.email', message: 'must be a valid email address' });
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      issues.push({ path: 'input.password', message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
    }
    if (!name || name.length > 200) issues.push({ path: 'input.name', message: 'must be 1 to 200 characters' });
    else if (textProblem(name)) issues.push({ path: 'input.name', message: textProblem(name)! });
    if (issues.length) throw invalidInput(issues);

    await this.throttle.signUp(clientAddress);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (manager) => {
        const user = await manager.save(manager.create(UserEntity, { email, name, passwordHash }));
        await this.audit.record(manager, { userId: user.id }, { action: 'auth.signup', targetType: 'User', targetId: user.id });
        return this.openSession(manager.getRepository(SessionEntity), user);
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw badInput('input.email', 'is already registered');
      throw error;
    }
  }

  async logIn(input: { email: string; password: string }, clientAddress?: string): Promise<SignedIn> {
    await this.throttle.attempt(input.email, clientAddress);
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: input.email.trim() })
      .getOne();
    if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
      throw new AppError('UNAUTHENTICATED', 'Email or password is wrong.');
    }
    await this.throttle.succeeded(input.email, clientAddress);
    return this.db.transaction(async (manager) => {
      await this.audit.record(manager, { userId: user.id }, { action: 'auth.login', targetType: 'User', targetId: user.id });
      return this.openSession(manager.getRepository(SessionEntity), user);
    });
  }

  async logOut(actor: Actor): Promise<boolean> {
    if (actor.kind !== 'user') return false;
    return this.db.transaction(async (manager) => {
      const result = await manager.delete(SessionEntity, { tokenHash: actor.sessionTokenHash });
      await announceAccessChange(manager, { sessionTokenHash: actor.sessionTokenHash });
      return (result.affected ?? 0) > 0;
    });
  }

  /**
   * A new password ends every other session of the account (a thief's among
   * them) and every open subscription of the account; this session stays.
   * The current password is a guess like a log-in's, and counted as one.
   */
  async changePassword(actor: Actor, input: { currentPassword: string; newPassword: string }, clientAddress?: string): Promise<boolean> {
    if (actor.kind === 'anonymous') throw unauthenticated();
    if (actor.kind !== 'user') throw new AppError('FORBIDDEN', 'An API key cannot change a password: sign in.');
    if (input.newPassword.length < MIN_PASSWORD_LENGTH) throw badInput('input.newPassword', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
    const { email } = actor.user;
    await this.throttle.attempt(email, clientAddress);
    const stored = await this.db.getRepository(UserEntity).createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id: actor.user.id }).getOne();
    if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword))) throw badInput('input.currentPassword', 'is not the account\'s password');
    await this.throttle.succeeded(email, clientAddress);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (manager) => {
      await manager.update(UserEntity, { id: actor.user.id }, { passwordHash });
      await manager
        .createQueryBuilder()
        .delete()
        .from(SessionEntity)
        .where('user_id = :userId AND token_hash <> :current', { userId: actor.user.id, current: actor.sessionTokenHash })
        .execute();
      await this.audit.record(manager, actor, { action: 'auth.password', targetType: 'User', targetId: actor.user.id });
      await announceAccessChange(manager, { userId: actor.user.id });
    });
    return true;
  }

  /** The user behind a session cookie, or null when it is unknown or expired. */
  async userForSession(token: string): Promise<{ user: UserEntity; tokenHash: string } | null> {
    const tokenHash = sha256Hex(token);
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .innerJoin(SessionEntity, 's', 's.userId = u.id')
      .where('s.tokenHash = :tokenHash AND s.expiresAt > now()', { tokenHash })
      .getOne();
    return user ? { user, tokenHash } : null;
  }

  private async openSession(sessions: Repository<SessionEntity>, user: UserEntity): Promise<SignedIn> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + this.sessionDays * 86_400_000);
    await sessions.insert({ tokenHash: sha256Hex(token), userId: user.id, expiresAt });
    delete (user as Partial<UserEntity>).passwordHash;
    return { user, token, expiresAt };
  }
}
