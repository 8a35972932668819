/** Starting credit balance of every sandbox account (reads cost nothing: the document gives no costs). */
export const STARTING_CREDITS = 10_000;

type Account = { purchased: number; used: number };

/**
 * The social sandbox's credit accounts, one per key, in memory: what `GET /api/v1/credits`
 * answers, and what the console's sandbox controls top up or reset (src/sandbox/admin.ts).
 */
export class SocialCreditBook {
  private readonly accounts = new Map<string, Account>();

  private account(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = { purchased: STARTING_CREDITS, used: 0 };
      this.accounts.set(key, account);
    }
    return account;
  }

  read(key: string): Account & { balance: number } {
    const a = this.account(key);
    return { ...a, balance: a.purchased - a.used };
  }

  topUp(key: string, amount: number): number {
    this.account(key).purchased += amount;
    return this.read(key).balance;
  }

  reset(key: string): number {
    this.accounts.set(key, { purchased: STARTING_CREDITS, used: 0 });
    return STARTING_CREDITS;
  }
}
