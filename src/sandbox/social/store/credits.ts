import type { Db } from '../../shared/db';

/** Starting credit balance of every sandbox account (each key is an account). */
export const STARTING_CREDITS = 10_000;

type Row = { account: string; purchased: number; used: number; created_at: number };

/**
 * Credits as real, stored state: each key's balance, what it bought and used, and a ledger line
 * per charge or refund. Charges are all-or-nothing (`charge` answers false when the balance is short).
 */
export class CreditStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private row(account: string): Row {
    this.db.prepare(`INSERT OR IGNORE INTO social_accounts (account, purchased, used, created_at) VALUES (?, ?, 0, ?)`).run(account, STARTING_CREDITS, this.now());
    return this.db.prepare(`SELECT * FROM social_accounts WHERE account = ?`).get(account) as Row;
  }

  get(account: string) {
    const r = this.row(account);
    return { purchased: r.purchased, used: r.used, balance: r.purchased - r.used };
  }

  balance(account: string): number {
    return this.get(account).balance;
  }

  /** Takes `credits` if the balance holds them; records why. */
  charge(account: string, credits: number, what: string, ref: string | null = null): boolean {
    return this.db.transaction(() => {
      const r = this.row(account);
      if (credits > r.purchased - r.used) return false;
      this.db.prepare(`UPDATE social_accounts SET used = used + ? WHERE account = ?`).run(credits, account);
      this.db.prepare(`INSERT INTO social_ledger (account, at, credits, what, ref) VALUES (?, ?, ?, ?, ?)`).run(account, this.now(), -credits, what, ref);
      return true;
    })();
  }

  refund(account: string, credits: number, what: string, ref: string | null = null) {
    this.db.prepare(`UPDATE social_accounts SET used = used - ? WHERE account = ?`).run(credits, account);
    this.db.prepare(`INSERT INTO social_ledger (account, at, credits, what, ref) VALUES (?, ?, ?, ?, ?)`).run(account, this.now(), credits, what, ref);
  }

  /** Sets the balance (the control endpoint's top-up). */
  setBalance(account: string, balance: number) {
    const r = this.row(account);
    this.db.prepare(`UPDATE social_accounts SET purchased = ? WHERE account = ?`).run(r.used + balance, account);
  }

  /** Sandbox controls: adds credits; answers the new balance. */
  topUp(account: string, amount: number): number {
    this.row(account);
    this.db.prepare(`UPDATE social_accounts SET purchased = purchased + ? WHERE account = ?`).run(amount, account);
    return this.balance(account);
  }

  /** Sandbox controls: the account as new (starting credits, nothing used). */
  reset(account: string): number {
    this.row(account);
    this.db.prepare(`UPDATE social_accounts SET purchased = ?, used = 0 WHERE account = ?`).run(STARTING_CREDITS, account);
    return STARTING_CREDITS;
  }
}
