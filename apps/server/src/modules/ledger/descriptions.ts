/** What each transaction row says it was for (DESIGN §8: transactions describe themselves). */
export const paymentDescription = (task: { identifier: string; summary: string }) =>
  `Payment for ${task.identifier} ${task.summary}`;
export const disputeDescription = (task: { identifier: string }) => `Dispute resolution for ${task.identifier}`;
export const depositDescription = (currency: string) => `${currency} deposit`;
export const withdrawalDescription = (currency: string, address: string) => `${currency} withdrawal to ${address}`;
