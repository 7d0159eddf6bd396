// Schemas of the tasks domain; filled by its issue.
export {};
