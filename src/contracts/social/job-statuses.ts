/** An extraction job's states, as the console shows and filters them (the extractions route checks its URL with them). */
export const jobStatuses = ['pending', 'running', 'completed', 'failed'] as const;
