// Schemas of the transactions domain; filled by its issue.
export {};
