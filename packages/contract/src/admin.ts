// Schemas of the admin domain; filled by its issue.
export {};
