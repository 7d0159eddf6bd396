// Schemas of the messages domain; filled by its issue.
export {};
