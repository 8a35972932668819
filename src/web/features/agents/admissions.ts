/**
 * Join requests this browser sent, per agent and subnet (request id and time). The service tells
 * the decision to the subnet's owner only, so an applicant's page needs to remember what it asked.
 */
const KEY = 'triptych-agents-join-requests';
export type SentRequest = { requestId: string; at: number };
type Book = Record<string, SentRequest>;

const slot = (agentId: string, subnetId: string) => `${agentId}/${subnetId}`;

function read(): Book {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Book) : {};
  } catch {
    return {};
  }
}

function write(book: Book) {
  try {
    localStorage.setItem(KEY, JSON.stringify(book));
  } catch {
    // storage disabled: the request is still shown until the page reloads
  }
}

export const sentRequest = (agentId: string, subnetId: string): SentRequest | null => read()[slot(agentId, subnetId)] ?? null;

export function rememberRequest(agentId: string, subnetId: string, request: SentRequest | null) {
  const book = read();
  if (request) book[slot(agentId, subnetId)] = request;
  else delete book[slot(agentId, subnetId)];
  write(book);
}
